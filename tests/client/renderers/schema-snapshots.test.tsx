// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatMoment } from "../../../src/client/dates/clinic-dates.ts";
import { SchemaDetails } from "../../../src/client/renderers/SchemaDetails.tsx";
import { SchemaTable } from "../../../src/client/renderers/SchemaTable.tsx";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";
import { SAMPLE_DATETIME, SAMPLE_IDS, sampleRecord } from "./sample-record.ts";
import { renderWithProviders } from "./test-utils.tsx";

// Lookup fields (clinicians, teams, locations, supervisors) name the sample ids.
vi.mock("../../../src/client/api/http.ts", () => ({
  api: vi.fn(async (path: string) => ({
    rows: SAMPLE_IDS.map((id) => ({ id, name: `${path} #${id}`, full_name: `${path} #${id}` })),
    totalRecords: SAMPLE_IDS.length,
  })),
}));

/**
 * The text a person reads in an element (decorations hidden from assistive tech left out). The
 * date-time text depends on the machine's time zone, so the snapshot says where one shows.
 */
function readable(element: Element | null): string {
  if (!element) return "";
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
  return (copy.textContent ?? "")
    .replaceAll(formatMoment(SAMPLE_DATETIME), "<date and time>")
    .replace(/\s+/g, " ")
    .trim();
}

const ids = (folder: string) =>
  Object.keys(defaultBundle)
    .filter((id) => id.startsWith(`${folder}/`))
    .sort();

const sampleOf = (id: string) => sampleRecord(defaultBundle, String(schemaById(defaultBundle, id)["x-entity"]));

// Every table and details file renders a sample record of its entity, and what a person reads is
// pinned: a changed column, section, label or format shows up in review as a snapshot diff.
describe.each(ids("tables"))("SchemaTable renders %s", (tableId) => {
  it("with its headers and a sample row", () => {
    renderWithProviders(
      <SchemaTable
        tableId={tableId}
        label="Sample"
        rows={[sampleOf(tableId)]}
        totalRecords={1}
        page={1}
        pageSize={25}
        onSortChange={() => {}}
        onPageChange={() => {}}
        rowHref={(_, link) => `/${link}`}
      />,
    );
    const table = screen.getByRole("table", { name: "Sample" });
    const headers = [...table.querySelectorAll("th")].map(readable);
    const cells = [...table.querySelectorAll("tbody td")].map((td, i) => {
      const link = td.querySelector("a");
      return `${headers[i]}: ${readable(td)}${link ? ` -> ${link.getAttribute("href")}` : ""}`;
    });
    expect(cells).toMatchSnapshot();
  });
});

describe.each(ids("details"))("SchemaDetails renders %s", (detailsId) => {
  it("with its sections and a sample record", async () => {
    const { container } = renderWithProviders(<SchemaDetails detailsId={detailsId} record={sampleOf(detailsId)} />);
    await waitFor(() => expect(container.textContent).not.toContain("Loading…"));
    const sections = [...container.querySelectorAll("section")].map((section) => {
      const heading = section.querySelector("h2")?.textContent ?? "NO HEADING";
      const items = [...section.querySelectorAll("dt")].map(
        (dt) => `  ${readable(dt)}: ${readable(dt.nextElementSibling)}`,
      );
      return [heading, ...items].join("\n");
    });
    expect(sections).toMatchSnapshot();
  });
});
