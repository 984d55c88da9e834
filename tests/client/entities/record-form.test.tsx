// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RecordForm } from "../../../src/client/entities/RecordForm.tsx";
import { mainStreet } from "../pages/settings/fixtures.ts";
import { renderWithProviders } from "../renderers/test-utils.tsx";

vi.mock("../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));

type Location = typeof mainStreet & { version: number };

/** The form as a page holds it: the record prop changes when the page loads a fresh copy. */
function Page({ first, fresh, save }: { first: Location; fresh: Location; save: Save }) {
  const [record, setRecord] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setRecord(fresh)}>
        Load fresh copy
      </button>
      <RecordForm<Location>
        formId="forms/location.form.json"
        record={record}
        save={save}
        submitLabel="Save location"
        success="Location updated"
        failure="The location could not be saved"
        onSaved={() => {}}
      />
    </>
  );
}

type Save = (body: Record<string, unknown>) => Promise<Location>;

describe("RecordForm with a fresh copy loaded while it is open", () => {
  it("bases the save on a fresh copy whose form fields are unchanged (the page's own status action)", async () => {
    const save = vi.fn(async (body: Record<string, unknown>) => ({ ...mainStreet, ...body, version: 9 }));
    // The same location, re-read after a change to what the form does not edit.
    renderWithProviders(
      <Page first={{ ...mainStreet, version: 3 }} fresh={{ ...mainStreet, user_count: 5, version: 4 }} save={save} />,
    );
    fireEvent.change(screen.getByLabelText("City"), { target: { value: "Chicago" } });
    fireEvent.click(screen.getByRole("button", { name: "Load fresh copy" }));
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Chicago");
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({ city: "Chicago", version: 4 });
  });

  it("keeps the version it started from when someone else changed the form's fields (the server refuses it)", async () => {
    const save = vi.fn(async (body: Record<string, unknown>) => ({ ...mainStreet, ...body, version: 9 }));
    renderWithProviders(
      <Page first={{ ...mainStreet, version: 3 }} fresh={{ ...mainStreet, name: "Renamed", version: 4 }} save={save} />,
    );
    fireEvent.change(screen.getByLabelText("City"), { target: { value: "Chicago" } });
    fireEvent.click(screen.getByRole("button", { name: "Load fresh copy" }));
    // The person's edits stay; the form does not jump to the other copy.
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Chicago");
    expect((screen.getByLabelText("Name", { exact: true }) as HTMLInputElement).value).toBe("Main Street Clinic");
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({ version: 3 });
  });
});
