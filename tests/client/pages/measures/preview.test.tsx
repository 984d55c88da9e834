// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { AuditionAgePage } from "../../../../src/client/pages/measures/audition/AuditionAgePage.tsx";
import { AuditionPage } from "../../../../src/client/pages/measures/audition/AuditionPage.tsx";
import { AuditionQuestionnairePage } from "../../../../src/client/pages/measures/audition/AuditionQuestionnairePage.tsx";
import { AuditionReportPage } from "../../../../src/client/pages/measures/audition/AuditionReportPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { question, reportWithAlert } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const pages = [
  {
    pageId: "p1",
    index: 0,
    pageCount: 1,
    heading: null,
    prompt: null,
    previousPageId: null,
    nextPageId: null,
    questions: [
      question("q1", 1, { text: "How often do you drink?", showNext: { count: 1, when: { operator: ">", score: 0 } } }),
      question("q2", 2, { text: "How many drinks?" }),
      question("q3", 3, { text: "Last question", required: false }),
    ],
  },
];

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => {
    if (path === "library/2")
      return { id: 2, abbreviation: "AUDIT", name: "Alcohol Use Disorders Identification Test" } as never;
    if (path === "questionnaires-audition/2/start") {
      return {
        auditionId: "x",
        age: 34,
        ageInRange: null,
        measure: { ...reportWithAlert().measure, instructions: { respondent: "Think about the last year." } },
        pages,
      } as never;
    }
    if (path === "questionnaires-audition/2/report")
      return { ...reportWithAlert(), audition: true, alerts: [] } as never;
    throw new ApiError(404, "No route", "not_found");
  });
});

function renderPreview() {
  return renderWithProviders(
    <Routes>
      <Route path="/measures/audition/:measureId" element={<AuditionPage />}>
        <Route index element={<AuditionAgePage />} />
        <Route path="questionnaire" element={<AuditionQuestionnairePage />} />
        <Route path="report" element={<AuditionReportPage />} />
      </Route>
    </Routes>,
    { route: "/measures/audition/2" },
  );
}

describe("the measure preview", () => {
  it("asks for an age: required and numeric, with the schema's messages", async () => {
    renderPreview();
    await screen.findByRole("heading", { name: /AUDIT: Alcohol Use Disorders/ });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    expect(await screen.findByText("Age is required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Age/), { target: { value: "thirty" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    expect(await screen.findByText("Age is not valid")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Age/), { target: { value: "121" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    expect(await screen.findByText("Age is not valid")).toBeTruthy();
    expect(apiMock.mock.calls.some(([p]) => p.endsWith("/start"))).toBe(false);
  });

  it("answers like a respondent (branching, required checks) and sends only the visible answers for the report", async () => {
    renderPreview();
    await screen.findByRole("heading", { name: /AUDIT: Alcohol Use Disorders/ });
    fireEvent.change(screen.getByLabelText(/Age/), { target: { value: "34" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    const gate = await screen.findByRole("radiogroup", { name: /How often do you drink/ });
    expect(apiMock.mock.calls.find(([p]) => p.endsWith("/start"))?.[1]).toMatchObject({
      method: "POST",
      body: { age: 34 },
    });
    expect(screen.getByText("Think about the last year.")).toBeTruthy();

    // Required check before the report, as a respondent's submit would be refused.
    fireEvent.click(screen.getByRole("button", { name: "See report" }));
    expect(await screen.findByText("A measure cannot be scored when required questions are skipped.")).toBeTruthy();
    expect(screen.getByText("This question needs an answer.")).toBeTruthy();

    fireEvent.click(within(gate).getByRole("radio", { name: "Several days" }));
    fireEvent.click(
      within(screen.getByRole("radiogroup", { name: /How many drinks/ })).getByRole("radio", {
        name: "Nearly every day",
      }),
    );
    // Changing the gate to 0 hides q2: its answer must not count.
    fireEvent.click(within(gate).getByRole("radio", { name: "Not at all" }));
    expect(screen.queryByRole("radiogroup", { name: /How many drinks/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "See report" }));

    await screen.findByRole("heading", { name: "Report" });
    const request = apiMock.mock.calls.find(([p]) => p.endsWith("/report"))?.[1];
    expect(request).toMatchObject({ method: "POST", body: { age: 34, answers: { q1: 0 } } });
    expect(screen.getByText(/This report was not saved and no alert was sent/)).toBeTruthy();
    expect(screen.getByLabelText("Total score 12")).toBeTruthy();
  });
});
