// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { AgreementGate } from "../../../../src/client/pages/session/AgreementGate.tsx";
import { SessionListPage } from "../../../../src/client/pages/session/SessionListPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const jordan: SessionUser = {
  id: 9,
  username: "jordan",
  firstName: "Jordan",
  lastName: "Rivera",
  roles: ["respondent"],
  permissions: ["respondent.account", "respondent.session"],
  status: 2,
  user_type: "patient",
  hippaAgreement: false,
};

const available = {
  totalRecords: 3,
  groups: [
    {
      ccauId: 5,
      ccaId: 3,
      relation_id: 4,
      self: false,
      patient: { first_name: "Ana", last_name: "Rivera", full_name: "Ana Rivera" },
      measures: [
        {
          clientMeasureId: 51,
          measureId: 14,
          title: "Questionnaire about your child's feelings and behaviour",
          status: "partial",
          due_date: "2026-11-30T00:00:00.000Z",
          firstPageId: "p1",
          resumePageId: "p1",
          answeredCount: 4,
          questionCount: 17,
          lastSeq: 9,
        },
      ],
    },
    {
      ccauId: 6,
      ccaId: 4,
      relation_id: 4,
      self: false,
      patient: { first_name: "Leo", last_name: "Rivera", full_name: "Leo Rivera" },
      measures: [
        {
          clientMeasureId: 61,
          measureId: 14,
          title: "Questionnaire about your child's feelings and behaviour",
          status: "not_started",
          due_date: "2026-12-01T00:00:00.000Z",
          firstPageId: "p1",
          resumePageId: "p1",
          answeredCount: 0,
          questionCount: 17,
          lastSeq: 0,
        },
      ],
    },
  ],
};

function renderGate(user: SessionUser) {
  sessionStore.set({ status: "signedIn", user });
  return renderWithProviders(
    <Routes>
      <Route element={<AgreementGate />}>
        <Route path="/session" element={<SessionListPage />} />
        <Route path="/no-sessions" element={<h1>Nothing to answer</h1>} />
        <Route path="/session/measure/:id/page/:pageId" element={<h1>A questionnaire</h1>} />
      </Route>
    </Routes>,
    { route: "/session" },
  );
}

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => {
    if (path === "questionnaires/hippa-agreement")
      return { hippaAgreement: true, acceptedAt: "2026-11-21T10:00:00Z" } as never;
    if (path === "questionnaires/session") return available as never;
    if (path === "settings/general") return { customer_name: "Demo Clinic" } as never;
    throw new ApiError(404, "No route", "not_found");
  });
});
afterEach(() => {
  cleanup();
  sessionStore.set({ status: "anonymous" });
});

const sessionCalls = () => apiMock.mock.calls.filter(([p]) => p === "questionnaires/session");

describe("the privacy agreement gate", () => {
  it("shows nothing but the agreement until it is accepted, then the measures, grouped per child", async () => {
    renderGate(jordan);
    expect(screen.getByRole("heading", { name: "Privacy agreement" })).toBeTruthy();
    expect(sessionCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("You must accept the privacy agreement to continue.")).toBeTruthy();
    expect(apiMock.mock.calls.some(([p]) => p === "questionnaires/hippa-agreement")).toBe(false);

    fireEvent.click(screen.getByLabelText("I have read and accept the privacy agreement"));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Hello, Jordan" });
    const accepted = apiMock.mock.calls.find(([p]) => p === "questionnaires/hippa-agreement");
    expect(accepted?.[1]).toMatchObject({ method: "POST", body: { hippaAgreement: true } });
    const state = sessionStore.get();
    expect(state.status === "signedIn" && state.user.hippaAgreement).toBe(true);

    // A parent with two children: one group per child, under the child's name.
    expect(screen.getByRole("region", { name: "About Ana Rivera" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "About Leo Rivera" })).toBeTruthy();
    const resume = screen.getByRole("link", {
      name: /Continue Questionnaire about your child's feelings and behaviour, for Ana Rivera/,
    });
    expect(resume.getAttribute("href")).toBe("/session/measure/51/page/p1");
    expect(
      screen.getByRole("link", {
        name: /Start Questionnaire about your child's feelings and behaviour, for Leo Rivera/,
      }),
    ).toBeTruthy();
    expect(screen.getByText("4 of 17 answered")).toBeTruthy();
  });

  it("goes to /no-sessions when nothing is available", async () => {
    apiMock.mockImplementation(async (path) => {
      if (path === "questionnaires/session") return { groups: [], totalRecords: 0 } as never;
      throw new ApiError(404, "No route", "not_found");
    });
    renderGate({ ...jordan, hippaAgreement: true });
    expect(await screen.findByRole("heading", { name: "Nothing to answer" })).toBeTruthy();
  });

  it("closes again when the server says the agreement is missing", async () => {
    apiMock.mockImplementation(async (path) => {
      if (path === "questionnaires/session") {
        throw new ApiError(
          403,
          "Please accept the privacy agreement before answering measures.",
          "hippa_agreement_required",
        );
      }
      throw new ApiError(404, "No route", "not_found");
    });
    renderGate({ ...jordan, hippaAgreement: true });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Privacy agreement" })).toBeTruthy());
  });
});
