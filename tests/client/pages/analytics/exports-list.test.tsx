// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportStatusRow } from "../../../../generated/types/api/responses/export-status.ts";
import { api } from "../../../../src/client/api/http.ts";
import { ExportsList } from "../../../../src/client/pages/analytics/explorer/exports/ExportsList.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const row = (patch: Partial<ExportStatusRow>): ExportStatusRow => ({
  id: 1,
  status: "in_process",
  filename: "outcomes-abc123-2026-11-27.zip",
  name: "Board report",
  hash: "abc123",
  totalRows: 1_288_372,
  totalAccuracy: "about",
  rowsWritten: 400_000,
  progress: 31,
  byteSize: null,
  error: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  completedAt: null,
  expiresAt: "2026-12-04T09:00:00.000Z",
  ...patch,
});

let rows: ExportStatusRow[];
beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => {
    if (path === "analytics/export/user-status") return { rows } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

describe("the exports list's totals", () => {
  it("says 'about' while a large export's total is the planner's estimate", async () => {
    rows = [row({})];
    renderWithProviders(<ExportsList />);
    expect(await screen.findByText("400,000 of about 1,288,372 records")).toBeTruthy();
    expect(screen.getByText("about 1,288,372")).toBeTruthy();
  });

  it("gives a counted total, and a finished export's, as a plain number", async () => {
    rows = [
      row({ id: 1, totalRows: 5_000, totalAccuracy: "exact", rowsWritten: 2_000, progress: 40 }),
      row({
        id: 2,
        status: "completed",
        totalRows: 1_535_515,
        totalAccuracy: "exact",
        rowsWritten: 1_535_515,
        progress: 100,
      }),
    ];
    renderWithProviders(<ExportsList />);
    expect(await screen.findByText("2,000 of 5,000 records")).toBeTruthy();
    expect(screen.getByText("1,535,515")).toBeTruthy();
    expect(screen.queryByText(/about/)).toBeNull();
  });
});
