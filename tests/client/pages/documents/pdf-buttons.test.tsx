// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import type { DocumentStatus } from "../../../../src/client/pages/documents/documents-api.ts";
import { ProgressPdfButton } from "../../../../src/client/pages/documents/ProgressPdfButton.tsx";
import { SessionPdfButton } from "../../../../src/client/pages/documents/SessionPdfButton.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const UNAVAILABLE = "PDF rendering is not available on this server: install chromium";

const status = (patch: Partial<DocumentStatus> = {}): DocumentStatus => ({
  pdfUuid: "3f0c6f8e-0000-4000-8000-000000000001",
  report: "session",
  status: "generating",
  title: "PHQ-9 session report, Jordan Rivera",
  paper: "letter",
  requestedAt: "2026-11-21T15:00:00.000Z",
  ...patch,
});

let availability: Record<string, unknown>;
/** What documents/status answers, one entry per poll (the last repeats). */
let polls: DocumentStatus[];
let posted: unknown[];
let saved: string[];

beforeEach(() => {
  localStorage.clear();
  availability = { available: true };
  polls = [];
  posted = [];
  saved = [];
  apiMock.mockReset();
  apiMock.mockImplementation(async (path, options) => {
    if (path === "documents/availability") return availability as never;
    if (path === "documents" && options?.method === "POST") {
      posted.push(options.body);
      return status() as never;
    }
    if (path === "documents/status") {
      const next = polls.length > 1 ? polls.shift() : polls[0];
      return { documents: next ? [next] : [] } as never;
    }
    if (path === `documents/download/${status().pdfUuid}` && options?.as === "blob")
      return { blob: new Blob(["%PDF-1.7"], { type: "application/pdf" }), filename: "phq-9-report.pdf" } as never;
    throw new ApiError(404, "No route", "not_found");
  });
  // jsdom has no object URLs and does not download: record what would have been saved.
  URL.createObjectURL = vi.fn(() => "blob:pdf");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const POLL = { timeout: 6_000 };

describe("Download PDF on the session report", () => {
  it("asks for the PDF, says it is being prepared, polls until ready, downloads it once and offers it again", async () => {
    polls = [status(), status({ status: "enabled", pageCount: 3, expiresAt: "2026-11-22T15:00:00.000Z" })];
    renderWithProviders(<SessionPdfButton clientMeasureId={41} />);
    const button = await screen.findByRole("button", { name: "Download PDF" });
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => p === "documents/availability")).toBe(true));
    fireEvent.click(button);

    expect(await screen.findByText("Preparing the PDF…")).toBeTruthy();
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
    expect(posted).toEqual([{ report: "session", clientMeasureId: 41, paper: "letter" }]);
    expect((screen.getByRole("button", { name: "Download PDF" }) as HTMLButtonElement).disabled).toBe(true);

    await screen.findByText(/The PDF is ready \(3 pages\); it can be downloaded until Nov 22, 2026/, undefined, POLL);
    await waitFor(() => expect(saved).toEqual(["phq-9-report.pdf"]));
    // Polling stopped with the PDF ready.
    const polled = apiMock.mock.calls.filter(([p]) => p === "documents/status").length;
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(apiMock.mock.calls.filter(([p]) => p === "documents/status").length).toBe(polled);
    expect(apiMock.mock.calls.find(([p]) => p === "documents/status")?.[1]).toMatchObject({
      method: "POST",
      body: { pdfUuids: [status().pdfUuid] },
    });

    fireEvent.click(screen.getByRole("button", { name: "Download again" }));
    await waitFor(() => expect(saved).toEqual(["phq-9-report.pdf", "phq-9-report.pdf"]));
  }, 15_000);

  it("says why a PDF failed and asks for a new one on Try again", async () => {
    polls = [status({ status: "failed", error: "The report page did not finish loading." })];
    renderWithProviders(<SessionPdfButton clientMeasureId={41} />);
    fireEvent.click(await screen.findByRole("button", { name: "Download PDF" }));
    expect(
      await screen.findByText("The PDF could not be made. The report page did not finish loading.", undefined, POLL),
    ).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual(posted[0]);
  }, 15_000);

  it("is disabled with the server's reason when this server cannot make PDFs", async () => {
    availability = { available: false, message: UNAVAILABLE };
    renderWithProviders(<SessionPdfButton clientMeasureId={41} />);
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Download PDF" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal beside the button (a 503 pdf_unavailable is no maintenance)", async () => {
    apiMock.mockImplementation(async (path) => {
      if (path === "documents/availability") return { available: true } as never;
      throw new ApiError(503, UNAVAILABLE, "pdf_unavailable");
    });
    renderWithProviders(<SessionPdfButton clientMeasureId={41} />);
    fireEvent.click(await screen.findByRole("button", { name: "Download PDF" }));
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("Progress report PDF on the chart", () => {
  it("makes this respondent's report or the whole chart's, on the paper chosen and remembered", async () => {
    polls = [status({ report: "progress" })];
    renderWithProviders(<ProgressPdfButton ccaId={3} ccauId={5} />);
    fireEvent.change(await screen.findByLabelText("Paper size"), { target: { value: "a4" } });
    expect(localStorage.getItem("mbc.pdfPaper")).toBe("a4");

    fireEvent.click(screen.getByRole("button", { name: "Progress report PDF" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "This respondent" }));
    await waitFor(() => expect(posted).toEqual([{ report: "progress", ccaId: 3, ccauId: 5, paper: "a4" }]));
  });

  it("leaves the respondent out for the whole chart", async () => {
    localStorage.setItem("mbc.pdfPaper", "a4");
    polls = [status({ report: "progress" })];
    renderWithProviders(<ProgressPdfButton ccaId={3} ccauId={5} />);
    expect(((await screen.findByLabelText("Paper size")) as HTMLSelectElement).value).toBe("a4");
    fireEvent.click(screen.getByRole("button", { name: "Progress report PDF" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Whole chart" }));
    await waitFor(() => expect(posted).toEqual([{ report: "progress", ccaId: 3, paper: "a4" }]));
  });
});
