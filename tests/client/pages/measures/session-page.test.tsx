// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { ResultsSentPage } from "../../../../src/client/pages/session/ResultsSentPage.tsx";
import { SessionMeasurePage } from "../../../../src/client/pages/session/SessionMeasurePage.tsx";
import type { SessionPage } from "../../../../src/client/pages/session/session-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { question, sessionPage } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

interface Call {
  path: string;
  method?: string;
  body?: { value?: unknown; seq?: number; completed?: boolean; questionAnswers?: unknown[] };
  signal?: AbortSignal;
}
let calls: Call[];
let page: SessionPage;
let pageSave: (body: Call["body"]) => unknown;
/** Per-question saves wait until the test lets them through (to see the older one cancelled). */
let holdSaves: boolean;
let held: (() => void)[];

beforeEach(() => {
  apiMock.mockReset();
  calls = [];
  held = [];
  holdSaves = false;
  page = sessionPage();
  pageSave = () => ({ clientMeasureId: 41, status: "submitted", completed_at: "2026-11-21T15:00:00Z", saved: [] });
  apiMock.mockImplementation(async (path, options) => {
    const call = { path, method: options?.method, body: options?.body as Call["body"], signal: options?.signal };
    calls.push(call);
    if (path === "questionnaires/41/page/p1") return page as never;
    if (path.startsWith("questionnaires/41/page/p1/question/")) {
      if (holdSaves) await new Promise<void>((resolve) => held.push(resolve));
      const questionId = path.split("/").at(-1);
      return {
        questionId,
        applied: true,
        value: call.body?.value,
        seq: call.body?.seq,
        lastSeq: call.body?.seq,
        answeredCount: 1,
        hiddenQuestionIds: [],
      } as never;
    }
    if (path === "questionnaires/41") return pageSave(call.body) as never;
    if (path === "questionnaires/session") return { groups: [], totalRecords: 0 } as never;
    throw new ApiError(404, "No route", "not_found");
  });
});

function renderSession() {
  return renderWithProviders(
    <Routes>
      <Route path="/session/measure/:clientMeasureId/page/:pageId" element={<SessionMeasurePage />} />
      <Route path="/session/results-sent" element={<ResultsSentPage />} />
      <Route path="/session" element={<h1>Your questionnaires</h1>} />
    </Routes>,
    { route: "/session/measure/41/page/p1" },
  );
}

const group = (name: RegExp) => screen.getByRole("radiogroup", { name });
const choose = (name: RegExp, label: string) =>
  fireEvent.click(within(group(name)).getByRole("radio", { name: label }));
const questionSaves = () => calls.filter((c) => c.path.includes("/question/"));

describe("answering a session", () => {
  it("saves each answer as it is given, with a save number that only goes up", async () => {
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    choose(/Little interest/, "Several days");
    choose(/Feeling down/, "Nearly every day");
    await waitFor(() => expect(questionSaves()).toHaveLength(2));
    const [first, second] = questionSaves();
    expect(first).toMatchObject({ path: "questionnaires/41/page/p1/question/q1", method: "PUT", body: { value: 1 } });
    expect(second).toMatchObject({ path: "questionnaires/41/page/p1/question/q2", method: "PUT", body: { value: 3 } });
    expect(second.body?.seq).toBeGreaterThan(first.body?.seq ?? Number.POSITIVE_INFINITY);
    expect(await screen.findByText("All answers saved")).toBeTruthy();
    expect(screen.getByText("2 of 3 answered")).toBeTruthy();
  });

  it("a newer answer to the same question cancels the older save still pending", async () => {
    holdSaves = true;
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    choose(/Little interest/, "Several days");
    choose(/Little interest/, "More than half the days");
    await waitFor(() => expect(questionSaves()).toHaveLength(2));
    const [older, newer] = questionSaves();
    expect(older.signal?.aborted).toBe(true);
    expect(newer.signal?.aborted).toBe(false);
    expect(newer.body).toMatchObject({ value: 2 });
    expect(newer.body?.seq).toBeGreaterThan(older.body?.seq ?? Number.POSITIVE_INFINITY);
    expect(screen.getByText("Saving…")).toBeTruthy();
    for (const release of held) release();
    expect(await screen.findByText("All answers saved")).toBeTruthy();
  });

  it("comes back with the answers saved before (another sign-in, another device), counting on from lastSeq", async () => {
    page = sessionPage({
      status: "partial",
      lastSeq: 1_900_000_000_000_000,
      answeredCount: 2,
      questions: [
        question("q1", 1, { text: "Little interest", value: 2 }),
        question("q2", 2, { text: "Feeling down", value: 0 }),
        question("q9", 3, { text: "Thoughts of hurting yourself" }),
      ],
    });
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    expect(
      (within(group(/Little interest/)).getByRole("radio", { name: "More than half the days" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((within(group(/Feeling down/)).getByRole("radio", { name: "Not at all" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText("2 of 3 answered")).toBeTruthy();
    choose(/Thoughts of hurting/, "Several days");
    await waitFor(() => expect(questionSaves()).toHaveLength(1));
    expect(questionSaves()[0].body?.seq).toBe(1_900_000_000_000_001);
  });

  it("resumes at the first unanswered question: focused, with progress and save status in a labelled region", async () => {
    page = sessionPage({
      status: "partial",
      answeredCount: 2,
      questions: [
        question("q1", 1, { text: "Little interest", value: 2 }),
        question("q2", 2, { text: "Feeling down" }),
        question("q9", 3, { text: "Thoughts of hurting yourself", value: 1 }),
      ],
    });
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    await waitFor(() => expect(group(/Feeling down/).contains(document.activeElement)).toBe(true));
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getByText("2 of 3 answered")).toBeTruthy();
    expect(within(progress).getByRole("status")).toBeTruthy();
  });

  it("starts a page with no answers yet at its heading", async () => {
    renderSession();
    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "Questionnaire about how you've been feeling",
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("submit shows the server's required errors at the questions and keeps the respondent on the page", async () => {
    pageSave = () => {
      throw new ApiError(400, "A measure cannot be scored when required questions are skipped.", "required_missing", [
        { field: "q2", message: "Please answer: Feeling down, depressed, or hopeless" },
        { field: "q9", message: "Please answer: Thoughts that you would be better off dead" },
      ]);
    };
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    choose(/Little interest/, "Several days");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("A measure cannot be scored when required questions are skipped.");
    const q2 = group(/Feeling down/);
    expect(q2.getAttribute("aria-invalid")).toBe("true");
    const describedBy = q2.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe(
      "Please answer: Feeling down, depressed, or hopeless",
    );
    expect(screen.getByText("Please answer: Thoughts that you would be better off dead")).toBeTruthy();
    expect(group(/Little interest/).getAttribute("aria-invalid")).toBeNull();
    // The page save carried the answer with completed: true.
    const submit = calls.find((c) => c.path === "questionnaires/41");
    expect(submit?.body).toMatchObject({ completed: true, questionAnswers: [{ questionId: "q1", value: 1 }] });
    // Answering the question clears its message.
    choose(/Feeling down/, "Not at all");
    expect(screen.queryByText("Please answer: Feeling down, depressed, or hopeless")).toBeNull();
  });

  it("a complete submit ends on the thank-you page", async () => {
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    choose(/Little interest/, "Not at all");
    choose(/Feeling down/, "Several days");
    choose(/Thoughts that you would/, "Several days");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("heading", { name: "Thank you" })).toBeTruthy();
    expect(screen.getByText(/Your answers to “Questionnaire about how you've been feeling” were sent/)).toBeTruthy();
    const submit = calls.find((c) => c.path === "questionnaires/41");
    expect(submit?.body?.completed).toBe(true);
    expect(submit?.body?.questionAnswers).toHaveLength(3);
  });

  it("a session the server has closed turns read-only and says why", async () => {
    renderSession();
    await screen.findByRole("heading", { level: 1, name: "Questionnaire about how you've been feeling" });
    apiMock.mockImplementationOnce(async () => {
      throw new ApiError(409, "This measure has already been submitted.", "already_submitted");
    });
    choose(/Little interest/, "Several days");
    expect(await screen.findByText("This questionnaire can no longer be changed")).toBeTruthy();
    expect(screen.getByText(/This measure has already been submitted\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect((within(group(/Feeling down/)).getAllByRole("radio")[0] as HTMLInputElement).disabled).toBe(true);
  });
});
