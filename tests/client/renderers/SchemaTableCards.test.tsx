// @vitest-environment jsdom
import { Button } from "@mantine/core";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_LAYOUT_QUERY, SchemaTable } from "../../../src/client/renderers/SchemaTable.tsx";
import { columnsForTable } from "../../../src/client/renderers/table-columns.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "./test-utils.tsx";

type Row = Record<string, unknown>;

/** A phone held upright (390x844): the card media query matches, as it does in the browser. */
function phoneWidth(matches: boolean) {
  return (query: string) =>
    ({
      matches: matches && query === CARD_LAYOUT_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

const original = window.matchMedia;
beforeEach(() => {
  window.matchMedia = phoneWidth(true);
});
afterEach(() => {
  window.matchMedia = original;
});

const jordan: Row = {
  id: 11,
  full_name: "Jordan Rivera",
  mrn: "MRN1001",
  birth_date: "2010-04-02",
  gender: "f",
  clinician_names: ["Casey Clinician", "Drew Second"],
  clinician_team_names: [],
  latest_completed_session_completed_date: null,
};

function renderPatients(props: { rowActions?: (row: Row) => React.ReactNode } = {}) {
  const onSortChange = vi.fn();
  renderWithProviders(
    <SchemaTable<Row>
      tableId="tables/patients.table.json"
      label="Patients"
      rows={[jordan]}
      totalRecords={1}
      page={1}
      pageSize={25}
      sort="last_name"
      order="asc"
      onSortChange={onSortChange}
      onPageChange={() => {}}
      rowHref={(row) => `/clinician/patients/patient/${row.id}`}
      {...props}
    />,
  );
  return { onSortChange };
}

/** Each card's label/value pairs, as a person reads them. */
function cardFields(card: HTMLElement): [string, string][] {
  return Array.from(card.querySelectorAll("dt")).map((dt) => [
    dt.textContent ?? "",
    dt.nextElementSibling?.textContent ?? "",
  ]);
}

describe("SchemaTable on a phone", () => {
  it("shows each row as a card with every column's label and value", () => {
    renderPatients();
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Patients" });
    const [card] = within(list).getAllByRole("listitem");
    expect(cardFields(card)).toEqual([
      ["Name", "Jordan Rivera"],
      ["MRN", "MRN1001"],
      ["Alert", "Not provided"],
      ["Latest score", "Not provided"],
      ["Next due", "Not provided"],
      ["Last completed", "Not provided"],
      ["Birthdate", "Apr 2, 2010"],
      ["Gender at birth", "Female"],
      ["Clinicians", "Casey Clinician, Drew Second"],
      ["Teams", "Not provided"],
    ]);
    expect(within(card).getByRole("link", { name: "Jordan Rivera" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/11",
    );
  });

  it("keeps the row's actions on its card", () => {
    const act = vi.fn();
    renderPatients({
      rowActions: (row) => <Button onClick={() => act(row.id)}>Actions for {String(row.full_name)}</Button>,
    });
    const card = within(screen.getByRole("list", { name: "Patients" })).getAllByRole("listitem")[0];
    fireEvent.click(within(card).getByRole("button", { name: "Actions for Jordan Rivera" }));
    expect(act).toHaveBeenCalledWith(11);
  });

  it("offers the sortable columns' orders as a select, in words", () => {
    const { onSortChange } = renderPatients();
    const select = screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement;
    expect(select.value).toBe("last_name:asc");
    fireEvent.change(select, { target: { value: "birth_date:desc" } });
    expect(onSortChange).toHaveBeenCalledWith("birth_date", "desc");
    expect(within(select).getByRole("option", { name: "Birthdate, newest first" })).toBeTruthy();
  });

  it("draws the table, not cards, on a wide screen", () => {
    window.matchMedia = phoneWidth(false);
    renderPatients();
    expect(screen.getByRole("table", { name: "Patients" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Patients" })).toBeNull();
  });

  // Every table file, so a column a schema adds shows on phones with no code change.
  const tableIds = Object.keys(defaultBundle).filter((id) => id.startsWith("tables/"));
  it.each(tableIds)("%s: a card labels every shown column of the table file", (tableId) => {
    // Hidden columns wait in a column chooser (the outcomes explorer's records) until picked.
    const columns = columnsForTable(defaultBundle, tableId).filter((c) => !c.hidden);
    renderWithProviders(
      <SchemaTable<Row>
        tableId={tableId}
        label="Records"
        rows={[{ id: 1 }]}
        totalRecords={1}
        page={1}
        pageSize={25}
        onSortChange={() => {}}
        onPageChange={() => {}}
      />,
    );
    const card = within(screen.getByRole("list", { name: "Records" })).getByRole("listitem");
    expect(cardFields(card).map(([label]) => label)).toEqual(columns.map((c) => c.header));
  });
});
