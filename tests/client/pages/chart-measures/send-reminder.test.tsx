// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastError, toastSuccess } from "../../../../src/client/notifications/toast.ts";
import type { RespondentOverview } from "../../../../src/client/pages/chart-measures/chart-api.ts";
import { RespondentMeasures } from "../../../../src/client/pages/chart-measures/RespondentMeasures.tsx";
import { MESSAGES } from "../../../../src/shared/api-errors.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
const apiMock = vi.mocked(api);

function overview(reminder: RespondentOverview["reminder"]): RespondentOverview {
  return {
    ccauId: 6,
    ccaId: 3,
    patientId: 7,
    respondent: { name: "Morgan Rivera", relation_id: 4 },
    rows: [],
    totalRecords: 0,
    reminder,
  };
}

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
  vi.mocked(toastError).mockReset();
});

describe("Send reminder on the respondent's measures", () => {
  it("sends one and confirms to whom and how", async () => {
    apiMock.mockResolvedValue({ sent: true, channel: "sms", delivery: "queued", open: 1 } as never);
    renderWithProviders(<RespondentMeasures overview={overview({ available: true, reason: null })} canWrite />);
    fireEvent.click(screen.getByRole("button", { name: "Send reminder to Morgan Rivera" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(apiMock).toHaveBeenCalledWith("respondents/6/send-reminder", { method: "POST" });
    expect(toastSuccess).toHaveBeenCalledWith("Reminder sent to Morgan Rivera by text message.", "Reminder sent");
  });

  it("says when the message stays in the outbox, and shows a refusal", async () => {
    renderWithProviders(<RespondentMeasures overview={overview({ available: true, reason: null })} canWrite />);
    // The section's PDF button asks first whether PDFs can be made; the answers below are the reminder's.
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith("documents/availability", expect.anything()));
    apiMock.mockResolvedValueOnce({ sent: true, channel: "email", delivery: "kept", open: 2 } as never);
    const button = screen.getByRole("button", { name: "Send reminder to Morgan Rivera" });
    fireEvent.click(button);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(vi.mocked(toastSuccess).mock.calls[0]?.[0]).toMatch(/by email\. It is kept in the outbox/);
    const refusal = new ApiError(409, MESSAGES.reminderNothingOpen, "nothing_open");
    apiMock.mockRejectedValueOnce(refusal);
    fireEvent.click(button);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal, "The reminder was not sent"));
  });

  it("is disabled with the reason when a reminder cannot be sent", () => {
    renderWithProviders(
      <RespondentMeasures
        overview={overview({ available: false, reason: MESSAGES.reminderNotificationsOff })}
        canWrite
      />,
    );
    const button = screen.getByRole("button", { name: "Send reminder to Morgan Rivera" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = screen.getByText(MESSAGES.reminderNotificationsOff);
    expect(button.getAttribute("aria-describedby")).toBe(reason.id);
  });

  it("is not offered to someone who may only read the chart", () => {
    renderWithProviders(<RespondentMeasures overview={overview({ available: true, reason: null })} />);
    expect(screen.queryByRole("button", { name: /Send reminder/ })).toBeNull();
  });
});
