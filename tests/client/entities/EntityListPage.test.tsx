// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../src/client/api/http.ts";
import { EntityListPage } from "../../../src/client/entities/EntityListPage.tsx";
import type { EntityDefinition } from "../../../src/client/entities/entity-definition.ts";
import { mainStreet, recordedCalls, riverside } from "../pages/settings/fixtures.ts";
import { renderWithProviders } from "../renderers/test-utils.tsx";

vi.mock("../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

/** Any entity with a table file: the page knows nothing else of it. */
const places = {
  resource: "test-places",
  noun: "place",
  plural: "places",
  title: (record) => String(record.name),
  tableId: "tables/locations.table.json",
  listPath: "test/places",
  recordPath: (id) => `test/places/${id}`,
} satisfies EntityDefinition;

const listQueries = () =>
  recordedCalls(apiMock)
    .filter((c) => c.path === "test/places")
    .map((c) => c.query);

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path: string) => {
    if (path === "test/places") return { rows: [mainStreet, riverside], totalRecords: 60 } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

function renderList() {
  return renderWithProviders(
    <EntityListPage
      entity={places}
      title="Places"
      addTo="/places/add"
      searchPlaceholder="Name or city"
      rowHref={(row) => `/places/${row.id}`}
    />,
    { route: "/places" },
  );
}

describe("EntityListPage from a table file", () => {
  it("shows the table file's columns, a link per row, the count and the add button", async () => {
    renderList();
    expect(screen.getByRole("heading", { level: 1, name: "Places" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add place" }).getAttribute("href")).toBe("/places/add");
    const table = screen.getByRole("table", { name: "Places" });
    const link = await within(table).findByRole("link", { name: "Main Street Clinic" });
    expect(link.getAttribute("href")).toBe("/places/1");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent?.replace(/[↕▲▼]/g, "")),
    ).toEqual(["Name", "Address", "City", "State", "Zip", "Users"]);
    expect(screen.getByText("60 places")).toBeTruthy();
    // The first page, in the table file's default order.
    expect(listQueries()[0]).toEqual({ page: 1, pageSize: 25, search: "", sort: "name", order: "asc" });
  });

  it("asks the server for another sort (back to page 1), another page, and a search once typing settles", async () => {
    renderList();
    await screen.findByRole("link", { name: "Main Street Clinic" });

    fireEvent.click(screen.getByRole("button", { name: /^Name/ }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: "name", order: "desc", page: 1 }));
    expect(screen.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(screen.getByRole("button", { name: /^City/ }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: "city", order: "asc", page: 1 }));

    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: "city", page: 2 }));

    const search = screen.getByLabelText("Search places");
    for (const typed of ["s", "sp", " spring "]) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: "spring", sort: "city", page: 1 }));
    // One request for the settled text, none per keystroke.
    expect(listQueries().filter((q) => q?.search !== "")).toHaveLength(1);
  });

  it("says when the list could not be loaded", async () => {
    apiMock.mockRejectedValue(new Error("The server is not answering"));
    renderList();
    expect(await screen.findByText("The server is not answering")).toBeTruthy();
    expect(screen.getByText("The places could not be loaded")).toBeTruthy();
  });
});
