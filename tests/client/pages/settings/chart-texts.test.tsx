// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChartText } from "../../../../generated/types/api/responses/chart-text.ts";
import type { ProgramOption } from "../../../../generated/types/api/responses/program-option.ts";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { type ApiOptions, api } from "../../../../src/client/api/http.ts";
import { toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { ChartTextsPage } from "../../../../src/client/pages/settings/ChartTextsPage.tsx";
import { OUTCOME_CHARTS } from "../../../../src/client/pages/settings/chart-texts-api.ts";
import { defaultBundle, schemaById } from "../../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { recordedCalls, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const program = (id: number, name: string, status: ProgramOption["program_status"] = "active"): ProgramOption => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  program_status: status,
  parent_id: null,
  group_name: null,
  program_type_name: null,
});

const PROGRAMS = [program(1, "Adolescent Program"), program(2, "Intensive Outpatient Program", "inactive")];

/** The chart's own title and caption, from its schema file (what the screen must show as the default). */
const own = (chartId: string) =>
  schemaById(defaultBundle, `charts/outcomes-${chartId}.json`)["x-chart"] as { title: string; caption: string };

let texts: ChartText[];
let programs: ProgramOption[];

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
  signIn();
  programs = PROGRAMS;
  texts = [
    {
      program_id: 2,
      program_name: "Intensive Outpatient Program",
      chart_id: "admission-discharge",
      title: "IOP: where patients start and end",
      caption: null,
      updated_at: "2026-03-01T10:00:00.000Z",
    },
  ];
  apiMock.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    const method = options?.method ?? "GET";
    if (path === "programs/all" && method === "GET") return { rows: programs, totalRecords: programs.length } as never;
    if (path === "analytics/chart-texts" && method === "GET") return structuredClone(texts) as never;
    const match = path.match(/^analytics\/chart-texts\/(\d+)\/([a-z-]+)$/);
    if (match && method === "PUT") {
      const body = options?.body as { title: string | null; caption: string | null };
      const saved: ChartText = {
        program_id: Number(match[1]),
        program_name: programs.find((p) => p.id === Number(match[1]))?.name ?? "",
        chart_id: match[2] as ChartText["chart_id"],
        title: body.title,
        caption: body.caption,
        updated_at: "2026-03-02T10:00:00.000Z",
      };
      texts = [...texts.filter((t) => !(t.program_id === saved.program_id && t.chart_id === saved.chart_id)), saved];
      return saved as never;
    }
    if (match && method === "DELETE") {
      texts = texts.filter((t) => !(t.program_id === Number(match[1]) && t.chart_id === match[2]));
      return null as never;
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
});

/** Opens a program's accordion and waits for its charts. */
async function openProgram(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: new RegExp(`^${name}`) }));
  await screen.findByRole("button", { name: `Edit Score over time for ${name}` });
}

const chartCard = (name: string) => screen.getByRole("region", { name });

describe("Settings → Chart titles (an admin gives a program its own chart titles and captions)", () => {
  it("lists every program, and per program each outcomes chart with its default text and the program's own", async () => {
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    expect(await screen.findByRole("heading", { level: 1, name: "Chart titles" })).toBeTruthy();
    // Each program says whether any chart has its text; an inactive program says so.
    const adolescent = await screen.findByRole("button", { name: /^Adolescent Program/ });
    expect(adolescent.textContent).toContain("All charts use their default title and caption");
    const iop = screen.getByRole("button", { name: /^Intensive Outpatient Program \(inactive\)/ });
    expect(iop.textContent).toContain("1 chart with this program's text");

    await openProgram("Intensive Outpatient Program");
    // Every outcomes chart, by name, never by its id.
    expect(OUTCOME_CHARTS.map((c) => c.name)).toEqual([
      "Score over time",
      "Admission vs discharge",
      "Weeks to below cut-off",
      "Severity bands: admission vs latest",
    ]);
    for (const chart of OUTCOME_CHARTS) expect(chartCard(chart.name)).toBeTruthy();
    expect(screen.queryByText(/admission-discharge|score-over-time/)).toBeNull();

    // A chart without the program's text shows its own title and caption as the default.
    const scoreOverTime = within(chartCard("Score over time"));
    expect(scoreOverTime.getByText(own("score-over-time").title, { selector: "dd" }).textContent).toBe(
      `${own("score-over-time").title} (default)`,
    );
    expect(scoreOverTime.getByText(own("score-over-time").caption)).toBeTruthy();
    expect(scoreOverTime.queryByRole("button", { name: /^Reset to default/ })).toBeNull();

    // The program's title shows, with the default beside it; its caption is the chart's own.
    const pairs = within(chartCard("Admission vs discharge"));
    expect(pairs.getByText("IOP: where patients start and end")).toBeTruthy();
    expect(pairs.getByText(`Default: ${own("admission-discharge").title}`)).toBeTruthy();
    expect(pairs.getByText(own("admission-discharge").caption)).toBeTruthy();
    expect(
      pairs.getByRole("button", { name: "Reset to default: Admission vs discharge for Intensive Outpatient Program" }),
    ).toBeTruthy();
  });

  it("edits a chart's title with the schema form, PUTs it, and lists the new title", async () => {
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    await openProgram("Adolescent Program");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Weeks to below cut-off for Adolescent Program" }));
    const dialog = await screen.findByRole("dialog", { name: "Weeks to below cut-off: Adolescent Program" });
    // The fields are the PUT body's schema (api/chart-text-update.json), labelled by its titles.
    const title = within(dialog).getByLabelText("Title");
    expect((title as HTMLInputElement).value).toBe("");
    // The dialog says what a blank field keeps: the default text, shown above the form.
    expect(within(dialog).getByText("Leave blank to use the default title")).toBeTruthy();
    expect(within(dialog).getByText(own("weeks-to-cutoff").caption)).toBeTruthy();
    fireEvent.change(title, { target: { value: "Weeks until teens feel better" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save chart text" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = recordedCalls(apiMock).filter((c) => c.method === "PUT");
    expect(put).toEqual([
      expect.objectContaining({
        path: "analytics/chart-texts/1/weeks-to-cutoff",
        body: { title: "Weeks until teens feel better", caption: null },
      }),
    ]);
    expect(toastSuccess).toHaveBeenCalledWith("Chart text saved");
    // The list is asked again and shows the program's title.
    const card = within(chartCard("Weeks to below cut-off"));
    expect(await card.findByText("Weeks until teens feel better")).toBeTruthy();
    expect(card.getByText(`Default: ${own("weeks-to-cutoff").title}`)).toBeTruthy();
  });

  it("checks the fields by the schema's rules and messages before saving", async () => {
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    await openProgram("Adolescent Program");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Score over time for Adolescent Program" }));
    const dialog = await screen.findByRole("dialog", { name: "Score over time: Adolescent Program" });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "x".repeat(121) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save chart text" }));
    expect(await within(dialog).findByText("A chart title is at most 120 characters.")).toBeTruthy();
    expect(recordedCalls(apiMock).filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("starts the form from the program's text, and shows the server's field message under its field", async () => {
    apiMock.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path === "programs/all") return { rows: programs, totalRecords: programs.length } as never;
      if (path === "analytics/chart-texts") return texts as never;
      if (options?.method === "PUT") {
        throw new ApiError(400, "Validation failed", "validation", [
          { field: "caption", message: "A chart caption is at most 500 characters." },
        ]);
      }
      throw new Error(`unexpected call ${path}`);
    });
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    await openProgram("Intensive Outpatient Program");
    fireEvent.click(
      await screen.findByRole("button", { name: "Edit Admission vs discharge for Intensive Outpatient Program" }),
    );
    const dialog = await screen.findByRole("dialog", { name: /^Admission vs discharge: / });
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe(
      "IOP: where patients start and end",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Save chart text" }));
    expect(await within(dialog).findByText("A chart caption is at most 500 characters.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("resets a chart to its default after a confirm, with DELETE", async () => {
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    await openProgram("Intensive Outpatient Program");
    fireEvent.click(
      await screen.findByRole("button", {
        name: "Reset to default: Admission vs discharge for Intensive Outpatient Program",
      }),
    );
    const confirm = await screen.findByRole("dialog", { name: "Reset to default" });
    expect(confirm.textContent).toContain(
      "For Intensive Outpatient Program, Admission vs discharge will show its default title and caption again.",
    );
    // Cancel backs out without a call.
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(recordedCalls(apiMock).filter((c) => c.method === "DELETE")).toEqual([]);

    fireEvent.click(
      screen.getByRole("button", { name: "Reset to default: Admission vs discharge for Intensive Outpatient Program" }),
    );
    const again = await screen.findByRole("dialog", { name: "Reset to default" });
    fireEvent.click(within(again).getByRole("button", { name: "Reset to default" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(recordedCalls(apiMock).filter((c) => c.method === "DELETE")).toEqual([
      expect.objectContaining({ path: "analytics/chart-texts/2/admission-discharge" }),
    ]);
    const card = within(chartCard("Admission vs discharge"));
    await waitFor(() => expect(card.queryByText("IOP: where patients start and end")).toBeNull());
    // The chart's own title is its name too: the one under "Title" is the text's.
    expect(card.getByText(own("admission-discharge").title, { selector: "dd" })).toBeTruthy();
    expect(card.queryByRole("button", { name: /^Reset to default/ })).toBeNull();
  });

  it("says why a reset failed, in the dialog", async () => {
    const base = apiMock.getMockImplementation();
    apiMock.mockImplementation(async (path: string, options?: ApiOptions) => {
      if (options?.method === "DELETE") throw new ApiError(500, "The server could not reset the chart text.");
      return base?.(path, options) as never;
    });
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    await openProgram("Intensive Outpatient Program");
    fireEvent.click(
      await screen.findByRole("button", {
        name: "Reset to default: Admission vs discharge for Intensive Outpatient Program",
      }),
    );
    const confirm = await screen.findByRole("dialog", { name: "Reset to default" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Reset to default" }));
    expect(await within(confirm).findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Reset to default" })).toBeTruthy();
  });

  it("explains a failed load and tries again", async () => {
    let failing = true;
    const base = apiMock.getMockImplementation();
    apiMock.mockImplementation(async (path: string, options?: ApiOptions) => {
      if (path === "analytics/chart-texts" && failing) throw new ApiError(500, "The server is having trouble.");
      return base?.(path, options) as never;
    });
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The chart titles could not be loaded");
    failing = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: /^Adolescent Program/ })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says there are no programs yet, with a link to add one", async () => {
    programs = [];
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    expect(await screen.findByRole("heading", { name: "No programs yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a program" }).getAttribute("href")).toBe("/settings/programs/add");
  });

  it("shows the charts of a clinic's only program at once, while it loads saying so", async () => {
    programs = [program(1, "Adolescent Program")];
    renderWithProviders(<ChartTextsPage />, { route: "/settings/chart-texts" });
    expect(screen.getByRole("status", { name: "Loading chart titles" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Edit Score over time for Adolescent Program" })).toBeTruthy();
  });
});
