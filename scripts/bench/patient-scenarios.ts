import { readFileSync } from "node:fs";
import { NETWORK_STAFF } from "../../src/server/seed/network/network-accounts.ts";
import { bearer, type Call, getJson } from "./api-client.ts";
import { rotation, type Scenario } from "./scenario.ts";

/** How many patients a read rotates over: enough that no one row stays hot in every cache. */
const READ_SPREAD = 1000;

export interface ListPage {
  rows: { id: number }[];
  totalRecords: number;
  totalAccuracy?: string;
  nextCursor: string | null;
}

const get = (path: string, token: string): Call => ({ method: "GET", path, headers: bearer(token) });

/** Up to `limit` ids of patients this caller's list shows, walked by cursor (pages of 200). */
async function visiblePatientIds(appUrl: string, token: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  do {
    const query: string = `pageSize=200${after ? `&after=${after}` : ""}`;
    const page: ListPage = await getJson<ListPage>(appUrl, `/api/patients?${query}`, token);
    ids.push(...page.rows.map((r) => r.id));
    after = page.nextCursor;
  } while (after && ids.length < limit);
  return ids.slice(0, limit);
}

export const bareRead: Scenario = {
  id: "bare-read",
  label: "bare Fastify + pg: patient row by primary key (the limit; PGlite on the embedded database)",
  target: "none",
  bare: true,
  async prepare(ctx) {
    if (!ctx.bareUrl) return "the bare server did not start";
    const ids = ctx.samples.patients.slice(0, READ_SPREAD).map((p) => p.id);
    return {
      baseUrl: ctx.bareUrl,
      connection: rotation(ids.map((id) => ({ method: "GET", path: `/patients/${id}` }))),
    };
  },
};

function patientRead(role: "admin" | "clinician"): Scenario {
  return {
    id: `read-${role}`,
    label: `patient read GET /api/patients/:id as ${role}`,
    target: "read",
    async prepare(ctx) {
      const token = await ctx.signIn(NETWORK_STAFF[role]);
      // Admin sees everyone: the sample spread over the table. A clinician: the charts their list shows.
      const ids =
        role === "admin"
          ? ctx.samples.patients.slice(0, READ_SPREAD).map((p) => p.id)
          : await visiblePatientIds(ctx.appUrl, token, READ_SPREAD);
      if (ids.length === 0) return `${role} sees no patient`;
      return {
        note: `${ids.length.toLocaleString("en-US")} patients in rotation`,
        connection: rotation(ids.map((id) => get(`/api/patients/${id}`, token))),
      };
    },
  };
}

function patientList(role: "admin" | "clinician" | "supervisor"): Scenario {
  return {
    id: `list-${role}`,
    label: `patient list, first page, as ${role}`,
    target: "p99",
    async prepare(ctx) {
      const token = await ctx.signIn(NETWORK_STAFF[role]);
      // No view in the query: the list opens on the caller's saved or default view, as the UI does.
      return { connection: rotation([get("/api/patients", token)]) };
    },
  };
}

const searchByName: Scenario = {
  id: "search-name",
  label: "search by name prefix as admin",
  target: "p99",
  async prepare(ctx) {
    const prefixes = ctx.samples.namePrefixes;
    if (prefixes.length === 0) return "no last name of three letters or more";
    const token = await ctx.signIn(NETWORK_STAFF.admin);
    return {
      note: `${prefixes.length} commonest prefixes, e.g. "${prefixes[0]}"`,
      connection: rotation(prefixes.map((p) => get(`/api/patients?search=${encodeURIComponent(p)}`, token))),
    };
  },
};

const searchByMrn: Scenario = {
  id: "search-mrn",
  label: "search by MRN as admin",
  target: "p99",
  async prepare(ctx) {
    const mrns = ctx.samples.patients.slice(0, READ_SPREAD).map((p) => p.mrn);
    const token = await ctx.signIn(NETWORK_STAFF.admin);
    return {
      note: `${mrns.length.toLocaleString("en-US")} MRNs in rotation`,
      connection: rotation(mrns.map((m) => get(`/api/patients?search=${encodeURIComponent(m)}`, token))),
    };
  },
};

interface TableSchema {
  defaultSort?: { field: string };
  columns: { field: string; sortField?: string; sortable?: boolean }[];
}

/**
 * The patient list's sort fields, as the entity engine derives them (entity-model.ts): a column's
 * sortField, or its field when marked sortable. Read from the table schema, so a column made
 * sortable there is benchmarked without a change here.
 */
export function patientSortFields(tablePath = "schemas/tables/patients.table.json"): string[] {
  const table = JSON.parse(readFileSync(tablePath, "utf8")) as TableSchema;
  const fields = table.columns
    .map((c) => c.sortField ?? (c.sortable ? c.field : undefined))
    .filter((f): f is string => Boolean(f));
  return [...new Set(fields)];
}

function sortBy(field: string, order: "asc" | "desc"): Scenario {
  return {
    id: `sort-${field}-${order}`,
    label: `patient list sorted by ${field} ${order} as admin`,
    target: "p99",
    async prepare(ctx) {
      const token = await ctx.signIn(NETWORK_STAFF.admin);
      return { connection: rotation([get(`/api/patients?sort=${field}&order=${order}`, token)]) };
    },
  };
}

export function patientScenarios(): Scenario[] {
  return [
    patientRead("admin"),
    patientRead("clinician"),
    patientList("admin"),
    patientList("clinician"),
    patientList("supervisor"),
    searchByName,
    searchByMrn,
    ...patientSortFields().flatMap((f) => [sortBy(f, "asc"), sortBy(f, "desc")]),
  ];
}
