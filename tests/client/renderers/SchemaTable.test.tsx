// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SchemaTable, type SchemaTableProps } from "../../../src/client/renderers/SchemaTable.tsx";
import { defaultBundle, type JsonSchema } from "../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "./test-utils.tsx";

type Row = Record<string, unknown>;

const rows: Row[] = [
  {
    id: 11,
    full_name: "Jordan Rivera",
    mrn: "MRN1001",
    birth_date: "2010-04-02",
    gender: "f",
    clinician_names: ["Casey Clinician", "Drew Second"],
    clinician_team_names: [],
    latest_completed_session_completed_date: null,
    active_alert_count: 1,
    latest_score: { measure: "GAD-7", score: 12, severity: null, completed_at: "2026-03-01T15:30:00Z" },
    next_due: { due_date: "2026-02-20T00:00:00Z", overdue: true },
  },
  {
    id: 12,
    full_name: "Sam Lee",
    mrn: "MRN1002",
    birth_date: "1990-12-31",
    gender: "n",
    clinician_names: ["Casey Clinician"],
    clinician_team_names: ["Outpatient Team"],
    latest_completed_session_completed_date: null,
  },
];

function renderTable(props: Partial<SchemaTableProps<Row>> = {}) {
  const onSortChange = vi.fn();
  const onPageChange = vi.fn();
  renderWithProviders(
    <SchemaTable<Row>
      tableId="tables/patients.table.json"
      label="Patients"
      rows={rows}
      totalRecords={2}
      page={1}
      pageSize={25}
      sort="last_name"
      order="asc"
      onSortChange={onSortChange}
      onPageChange={onPageChange}
      rowHref={(row) => `/clinician/patients/patient/${row.id}`}
      countLabel={(n) => `${n} patients`}
      {...props}
    />,
  );
  return { onSortChange, onPageChange, table: screen.getByRole("table", { name: "Patients" }) };
}

function header(name: string) {
  return screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });
}

describe("SchemaTable", () => {
  it("renders the table file's headers and one row per record, cells formatted by kind", () => {
    const { table } = renderTable();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, "")),
    ).toEqual([
      "Name",
      "MRN",
      "Alert",
      "Latest score",
      "Next due",
      "Last completed",
      "Birthdate",
      "Gender at birth",
      "Clinicians",
      "Teams",
    ]);
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(
      within(bodyRows[0])
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Jordan Rivera",
      "MRN1001",
      "1 active alert",
      "GAD-7 12",
      "Overdue · Feb 20, 2026",
      "",
      "Apr 2, 2010",
      "Female",
      "Casey Clinician, Drew Second",
      "",
    ]);
    expect(within(bodyRows[1]).getAllByRole("cell")[7].textContent).toBe("Nonbinary");
    // Values that call for action carry a mark as well as words; the mark is hidden from screen readers.
    const alertCell = within(bodyRows[0]).getAllByRole("cell")[2];
    expect(alertCell.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(within(bodyRows[1]).getAllByRole("cell")[2].querySelector("svg")).toBeNull();
  });

  it("links the name to the row's page", () => {
    renderTable();
    expect(screen.getByRole("link", { name: "Sam Lee" }).getAttribute("href")).toBe("/clinician/patients/patient/12");
  });

  it("marks the sorted column with aria-sort and sortable ones with none", () => {
    renderTable({ sort: "last_name", order: "desc" });
    expect(header("Name").getAttribute("aria-sort")).toBe("descending");
    expect(header("MRN").getAttribute("aria-sort")).toBe("none");
    expect(header("Clinicians").hasAttribute("aria-sort")).toBe(false);
    expect(within(header("Clinicians")).queryByRole("button")).toBeNull();
  });

  it("asks for the server's sort field when a header button is pressed", () => {
    const { onSortChange } = renderTable();
    fireEvent.click(within(header("MRN")).getByRole("button", { name: /MRN/ }));
    expect(onSortChange).toHaveBeenLastCalledWith("mrn", "asc");
    // The name column sorts by last name; pressing it again reverses the order.
    fireEvent.click(within(header("Name")).getByRole("button", { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith("last_name", "desc");
  });

  it("pages through the server's total and says how many records there are", () => {
    const { onPageChange } = renderTable({ totalRecords: 60, page: 1 });
    expect(screen.getByText("60 patients")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole("button", { name: "3" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it("says an estimated total is about, and offers only the pages the server opens by number", () => {
    const { onPageChange } = renderTable({ totalRecords: 98_713, totalAccuracy: "about", page: 399 });
    expect(screen.getByText("About 99000 patients. Search to find one.")).toBeTruthy();
    // 10,000 rows of 25: page 400 is the last one offered, and there is no page after it.
    expect(screen.getByRole("button", { name: "400" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "3949" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    expect(onPageChange).toHaveBeenLastCalledWith(400);
  });

  it("says when nothing matches", () => {
    renderTable({ rows: [], totalRecords: 0 });
    expect(screen.getByText("No records match your selections")).toBeTruthy();
    expect(screen.getByText("0 patients")).toBeTruthy();
  });

  it("shows a column added to the table file with no code change", () => {
    const bundle = structuredClone(defaultBundle);
    (bundle["tables/patients.table.json"] as JsonSchema & { columns: object[] }).columns.push({
      field: "mobile_number",
    });
    const { table } = renderTable({ bundle, rows: [{ ...rows[0], mobile_number: "5551234567" }], totalRecords: 1 });
    expect(within(table).getByRole("columnheader", { name: "Mobile number" })).toBeTruthy();
    expect(within(table).getByRole("cell", { name: "(555) 123-4567" })).toBeTruthy();
  });
});
