// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { MeasureDetailPage } from "../../../../src/client/pages/measures/MeasureDetailPage.tsx";
import { MeasureLibraryPage } from "../../../../src/client/pages/measures/MeasureLibraryPage.tsx";
import { libraryDetail } from "../../../../src/server/measures/library-detail.ts";
import { MEASURE_LIBRARY } from "../../../../src/shared/measures/library.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const phq9 = {
  id: 10,
  measure_id: "phq-9",
  abbreviation: "PHQ-9",
  short_name: "PHQ-9 Depression",
  name: "Patient Health Questionnaire-9",
  condition: "Depression",
  respondent: "self",
  question_count: 10,
  starred: false,
  discontinued: false,
  license_status: "public-domain",
};
const psc17 = {
  ...phq9,
  id: 12,
  measure_id: "psc-17",
  abbreviation: "PSC-17",
  name: "Pediatric Symptom Checklist-17",
  condition: "Child emotional and behavioural problems",
  respondent: "parent",
  starred: true,
};

let starred = new Set<number>([12]);

beforeEach(() => {
  apiMock.mockReset();
  starred = new Set([12]);
  apiMock.mockImplementation(async (path, options) => {
    if (path === "library/list") {
      const rows = [phq9, psc17].map((r) => ({ ...r, starred: starred.has(r.id) }));
      return {
        rows,
        totalRecords: rows.length,
        conditions: ["Child emotional and behavioural problems", "Depression"],
      } as never;
    }
    const star = /^library\/(\d+)\/star$/.exec(path);
    if (star) {
      const id = Number(star[1]);
      if (options?.method === "POST") starred.add(id);
      else starred.delete(id);
      return { id, starred: starred.has(id) } as never;
    }
    if (path === "library/10") {
      const definition = MEASURE_LIBRARY.find((d) => d.id === "phq-9");
      if (!definition) throw new Error("phq-9 missing");
      // What the server sends: the route's own mapping from the stored definition.
      return libraryDetail({
        id: 10,
        definition,
        version: definition.version,
        in_library: true,
        discontinued_at: null,
        replacement_id: null,
        replacement_abbreviation: null,
        starred: false,
      }) as never;
    }
    throw new ApiError(404, "This measure does not exist.", "not_found");
  });
});

const listQueries = () =>
  apiMock.mock.calls.filter(([p]) => p === "library/list").map(([, o]) => o?.query as Record<string, unknown>);

describe("the measure library", () => {
  it("lists measures with labels from the schema, each linking to its detail page", async () => {
    renderWithProviders(<MeasureLibraryPage />, { route: "/clinician/measures" });
    const table = await screen.findByRole("table", { name: "Measures" });
    await within(table).findByRole("link", { name: "PHQ-9" });
    expect(within(table).getByRole("link", { name: "PHQ-9" }).getAttribute("href")).toBe(
      "/clinician/measures/library/10",
    );
    expect(within(table).getByText("Self-report")).toBeTruthy();
    expect(within(table).getByText("Parent or caregiver")).toBeTruthy();
    // The licence in words (enums/license-status.json), not its slug.
    expect(within(table).getAllByText("Public domain")).toHaveLength(2);
    expect(table.textContent).not.toContain("public-domain");
    expect(screen.getByText("2 measures")).toBeTruthy();
    expect(listQueries()[0]).toEqual({
      search: "",
      condition: "",
      respondent: "",
      starred: undefined,
      page: 1,
      pageSize: 25,
    });
  });

  it("sends the condition, respondent, starred and search filters to the server", async () => {
    renderWithProviders(<MeasureLibraryPage />, { route: "/clinician/measures" });
    await screen.findByRole("link", { name: "PHQ-9" });
    fireEvent.change(screen.getByLabelText("Condition"), { target: { value: "Depression" } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ condition: "Depression" }));
    fireEvent.change(screen.getByLabelText("Respondent"), { target: { value: "parent" } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ condition: "Depression", respondent: "parent" }));
    fireEvent.click(screen.getByLabelText("Starred only"));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ starred: true }));
    fireEvent.change(screen.getByLabelText("Search measures"), { target: { value: "anx" } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: "anx", condition: "Depression" }), {
      timeout: 2000,
    });
  });

  it("stars and unstars a measure for this user", async () => {
    renderWithProviders(<MeasureLibraryPage />, { route: "/clinician/measures" });
    const star = await screen.findByRole("button", { name: "Star PHQ-9" });
    expect(star.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Star PSC-17" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(star);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Star PHQ-9" }).getAttribute("aria-pressed")).toBe("true"),
    );
    expect(apiMock.mock.calls.some(([p, o]) => p === "library/10/star" && o?.method === "POST")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Star PSC-17" }));
    await waitFor(() =>
      expect(apiMock.mock.calls.some(([p, o]) => p === "library/12/star" && o?.method === "DELETE")).toBe(true),
    );
  });
});

describe("the measure detail page", () => {
  async function openPhq9() {
    renderWithProviders(
      <Routes>
        <Route path="/clinician/measures/library/:measureLibraryId" element={<MeasureDetailPage />} />
      </Routes>,
      { route: "/clinician/measures/library/10" },
    );
    await screen.findByRole("heading", { level: 1, name: "PHQ-9" });
  }

  it("says what the instrument measures, who answers, its licence in words and its published references", async () => {
    await openPhq9();
    const about = screen.getByRole("region", { name: "About" });
    expect(about.textContent).toContain("What it measures: How severe depression symptoms have been");
    expect(about.textContent).toContain("Who answersSelf-report");
    expect(screen.getByText("Definition version 1.0.0")).toBeTruthy();
    const licence = screen.getByRole("region", { name: "Licence" });
    expect(licence.textContent).toContain("Public domain");
    expect(licence.textContent).toContain("no permission is required to reproduce");
    expect(licence.textContent).not.toContain("public-domain");
    expect(screen.getByRole("region", { name: "References" }).textContent).toContain(
      "Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. Journal of General Internal Medicine. 2001;16(9):606–613.",
    );
  });

  it("puts scoring, bands, cut-off, reliable change and alert rules in words, with questions by number", async () => {
    await openPhq9();
    const questions = screen.getByRole("region", { name: "Questions" });
    expect(questions.textContent).toContain(
      "9. Thoughts that you would be better off dead or of hurting yourself in some way",
    );
    expect(questions.textContent).toContain("Not part of the total");
    const scoring = screen.getByRole("region", { name: "Scoring and alerts" });
    expect(scoring.textContent).toContain(
      "The total is the sum of the scores of questions 1–9; it ranges from 0 to 27.",
    );
    expect(scoring.textContent).toContain("Question 10 is not part of the total.");
    expect(within(scoring).getByRole("table", { name: "Severity bands" }).textContent).toContain("Moderately severe");
    expect(scoring.textContent).toContain("A total at or above 10: probable major depression");
    expect(scoring.textContent).toContain(
      "A change of 6 points or more between two sessions is larger than measurement error alone would explain",
    );
    expect(scoring.textContent).toContain("Critical alert: Raised when question 9 scores above 0.");
  });

  it("shows no raw keys, question ids, codes, repository paths or unverified lists", async () => {
    await openPhq9();
    const text = document.body.textContent ?? "";
    expect(screen.queryByText("NOT VERIFIED")).toBeNull();
    expect(screen.queryByRole("region", { name: "Sources" })).toBeNull();
    for (const raw of [
      /NOT VERIFIED/i,
      /scoring\.missing/,
      /ageRange/,
      /\bq\d+\b/,
      /RADIO/i,
      /Respondent: self/,
      /RCI/,
      /camcops|github|find_string/i,
      /[0-9a-f]{40}/,
      /sources read/i,
    ]) {
      expect(text, String(raw)).not.toMatch(raw);
    }
  });
});

describe("the library table schema", () => {
  it("labels respondents exactly as the measure definition schema does", () => {
    const entity = schemaById(defaultBundle, "entities/measure.json").properties?.respondent ?? {};
    const definition = schemaById(defaultBundle, "measures/measure-definition.json").properties?.respondent ?? {};
    expect(enumOptions(entity)).toEqual(enumOptions(definition));
  });
});
