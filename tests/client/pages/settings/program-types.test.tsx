// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../../src/client/api/http.ts";
import { ProgramTypeAddPage } from "../../../../src/client/pages/settings/ProgramTypeAddPage.tsx";
import { ProgramTypeListPage } from "../../../../src/client/pages/settings/ProgramTypeListPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { recordedCalls, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const types = [
  { id: 1, name: "Intensive outpatient", program_count: 1, version: 1 },
  { id: 2, name: "Outpatient", program_count: 2, version: 1 },
];

beforeEach(() => {
  apiMock.mockReset();
  signIn();
  apiMock.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    const method = options?.method ?? "GET";
    if (path === "program-types" && method === "GET") return { rows: types, totalRecords: 2 } as never;
    if (path === "program-types" && method === "POST")
      return { id: 3, version: 1, ...(options?.body as object) } as never;
    throw new Error(`unexpected call ${method} ${path}`);
  });
});

describe("Settings → Program types (an admin can make the types a program's form offers)", () => {
  it("lists the types with how many programs each has, each opening its edit page", async () => {
    renderWithProviders(<ProgramTypeListPage />, { route: "/settings/program-types" });
    const table = await screen.findByRole("table", { name: "Program types" });
    const link = await within(table).findByRole("link", { name: "Outpatient" });
    expect(link.getAttribute("href")).toBe("/settings/program-types/2/edit");
    expect(within(table).getByRole("button", { name: /Programs/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Add program type/ }).getAttribute("href")).toBe(
      "/settings/program-types/add",
    );
  });

  it("adds a type with POST program-types and goes back to the list", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/settings/program-types/add" element={<ProgramTypeAddPage />} />
        <Route path="/settings/program-types" element={<h1>Program types list</h1>} />
      </Routes>,
      { route: "/settings/program-types/add" },
    );
    fireEvent.change(await screen.findByLabelText(/^Type name/), { target: { value: "Partial hospitalization" } });
    fireEvent.click(screen.getByRole("button", { name: /Save program type/ }));
    await screen.findByRole("heading", { name: "Program types list" });
    const posted = recordedCalls(apiMock).filter((c) => c.method === "POST");
    expect(posted).toEqual([
      expect.objectContaining({
        path: "program-types",
        body: expect.objectContaining({ name: "Partial hospitalization" }),
      }),
    ]);
  });
});
