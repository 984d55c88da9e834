import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ACCOUNT_WIDE_STAFF_ONLY } from "../../../src/server/accounts/account-access.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { EMAIL } from "../../../src/server/contacts/contacts.ts";
import { todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import { nextMrn, patientBody } from "../../helpers/patients.ts";
import { insertProgram } from "../../helpers/programs.ts";
import { addRespondent, nextEmail, respondentBody, teamOf, updateBodyFrom } from "../../helpers/respondents.ts";
import { createUser } from "../../helpers/users.ts";
import { permissionsOf } from "./expectations.ts";
import type { CallerName, Chart, Fixture, TargetName } from "./fixture.ts";
import { CALLERS } from "./fixture.ts";

/**
 * How the matrix tries one route (docs/security/access-matrix.md):
 * - public: open to everyone; tried unsigned and signed in, both answer `ok`.
 * - signed-in: any signed-in caller gets `ok`, unsigned 401.
 * - gated: the route's permissions decide alone (403 without, `ok` with); no patient data in it.
 * - list: gated, and the answer must not hold a word of a chart the caller cannot see.
 * - chart: names a chart (path, body or query): without the permission 403; on a chart the
 *   caller sees `ok`; on another chart 404, like a chart that does not exist, and nothing changes.
 * - account: names a respondent's account: visible with settings.staff, or patients.write and
 *   a chart the account is linked to; otherwise 404 and nothing changes.
 * - own-account: a respondent's own account: only its owner; anyone else's id is 404.
 * - probe: looks a value up (an MRN, an email): on a chart the caller cannot see, the answer
 *   must be the answer for a value nobody has.
 */
export type CaseKind = "public" | "signed-in" | "gated" | "list" | "chart" | "account" | "own-account" | "probe";

export interface Req {
  url: string;
  body?: unknown;
}

export interface RouteCase {
  kind: CaseKind;
  /**
   * The request for one attempt. `target` is the chart (or its account) tried for chart,
   * account, own-account and probe kinds (A otherwise). `unknown`: the probe's control value.
   * May create what the attempt consumes (a link to delete, an account to invite). For target
   * "AB", `target` is chart A and the case aims at a person also linked to chart B (`sharedLink`).
   */
  request(fx: Fixture, target: Chart, caller: CallerName, unknown: boolean, aim: TargetName): Req | Promise<Req>;
  /** Statuses of a permitted caller on what it may see (default 200). */
  ok?: number[];
  /** Public routes that answer a signed-in caller only: the unsigned caller's statuses. */
  okUnsigned?: number[];
  /** Statuses of a permitted caller that depend on who it is (overrides `ok` when it answers). */
  okFor?(caller: CallerName): number[] | undefined;
  /** The targets tried, when not the kind's default (see expectations.ts targetsOf). */
  targets?: TargetName[];
  /**
   * For list and probe kinds: extra check on a permitted answer for a caller who sees the charts
   * `visible` (a probe's `target` may be out of reach). Throws to fail.
   */
  check?(fx: Fixture, body: unknown, visible: Chart[], target: Chart, caller: CallerName): void | Promise<void>;
  /**
   * For probe kind: the documented answer for a value held on a chart out of the caller's reach,
   * when it is not the answer for a value nobody has. It must be exactly this: no id, name or contact.
   */
  hiddenAnswer?: unknown;
  /** Public routes that answer signed-in callers by their permissions: tried as every caller, own session. */
  everyCaller?: boolean;
  /**
   * An account-wide action (issue 8 §1): on a person linked to a chart the caller cannot see (AB),
   * a caller who sees the person answers 403 with this message (it names no chart), others 404.
   */
  accountWide?: string;
  /**
   * On AB, a caller who sees chart A but not the person's chart B is answered these statuses: the
   * person is sent an invitation (one outbox message) and nothing else about either chart changes.
   */
  invitesOnShared?: number[];
}

/** A list of a chart's people or sessions names every chart the caller sees (hidden ones are the matrix's own check). */
function everyVisibleChartShown(what: string, body: unknown, visible: Chart[]): void {
  const text = JSON.stringify(body);
  for (const chart of visible) {
    if (!text.includes(chart.markers[0])) throw new Error(`${what}: chart ${chart.name} is missing`);
  }
}

let counter = 0;
const unique = (name: string) => `${name}${Date.now().toString(36)}${++counter}`;

async function adminGet(fx: Fixture, url: string): Promise<Record<string, unknown>> {
  const res = await fx.app.inject({ method: "GET", url, headers: fx.headers.admin });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The matrix's program: clinician A on it directly, team A through its team, so supervisor A
 * sees it too; clinician B and the therapist are on no program and are answered 404.
 */
const programs = new WeakMap<Fixture, Promise<number>>();
function matrixProgram(fx: Fixture): Promise<number> {
  let id = programs.get(fx);
  if (!id) {
    id = (async () => {
      const row = await fx.db
        .insertInto("program")
        .values({ name: unique("Matrix program ") })
        .returning("id")
        .executeTakeFirstOrThrow();
      await fx.db
        .insertInto("program_clinician")
        .values({ program_id: row.id, clinician_id: fx.ids.clinicianA })
        .execute();
      await fx.db.insertInto("program_clinician_team").values({ program_id: row.id, team_id: fx.teamId }).execute();
      return row.id;
    })();
    programs.set(fx, id);
  }
  return id;
}
const programTypes = new WeakMap<Fixture, Promise<number>>();
/** A saved outcomes explorer query to read, change or delete (analytics/routes.ts). */
async function matrixSavedQuery(fx: Fixture): Promise<number> {
  const { id } = await fx.db
    .insertInto("saved_query" as never)
    .values({ name: unique("Mx q "), query: JSON.stringify(MATRIX_QUERY) } as never)
    .returning("id" as never)
    .executeTakeFirstOrThrow();
  return id as number;
}

/** A ready export of the caller (its file written when `withFile`), to read or delete. */
async function matrixExport(fx: Fixture, caller: CallerName, withFile = false): Promise<number> {
  const runToken = randomUUID();
  const { id } = await fx.db
    .insertInto("export_request" as never)
    .values({
      user_id: fx.ids[caller] ?? fx.ids.director,
      status: "completed",
      filename: "outcomes-matrix.zip",
      hash: "0000000000000000",
      run_token: runToken,
      expires_at: new Date(Date.now() + 86_400_000),
    } as never)
    .returning("id" as never)
    .executeTakeFirstOrThrow();
  if (withFile) {
    const dir = path.join(loadConfig({ DATA_DIR: "./data/test-unused" }).dataDir, "exports");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dir, `${id}-${runToken}.zip`), "PK matrix", { mode: 0o600 });
  }
  return id as number;
}

/** A document of chart `t` asked for by the director (ready, its file written when `withFile`): its uuid. */
async function matrixDocument(fx: Fixture, t: Chart, withFile = false): Promise<string> {
  const runToken = randomUUID();
  const pdfUuid = randomUUID();
  // A chart that does not exist has no documents: its uuid is one nobody has.
  const chart = await fx.db
    .selectFrom("client_clinic_assignment")
    .select("id")
    .where("id", "=", t.ccaId)
    .executeTakeFirst();
  if (!chart) return pdfUuid;
  const { id } = await fx.db
    .insertInto("document" as never)
    .values({
      pdf_uuid: pdfUuid,
      report: "progress",
      cca_id: t.ccaId,
      paper: "letter",
      status: "enabled",
      title: "Progress report (whole chart)",
      requested_by: fx.ids.director,
      run_token: runToken,
      byte_size: 12,
      page_count: 1,
      expires_at: new Date(Date.now() + 86_400_000),
    } as never)
    .returning("id" as never)
    .executeTakeFirstOrThrow();
  if (withFile) {
    const dir = path.join(loadConfig({ DATA_DIR: "./data/test-unused" }).dataDir, "documents");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dir, `${id}-${runToken}.pdf`), "%PDF matrix\n", { mode: 0o600 });
  }
  return pdfUuid;
}

/** The matrix asks for documents again and again: a caller's pending ones would reach the limit. */
async function clearPendingDocuments(fx: Fixture, caller: CallerName): Promise<void> {
  const userId = fx.ids[caller];
  if (userId)
    await fx.db
      .deleteFrom("document" as never)
      .where("requested_by" as never, "=", userId as never)
      .execute();
}

/** The matrix asks for exports again and again: a caller's queued ones would reach the pending limit. */
async function clearPendingExports(fx: Fixture, caller: CallerName): Promise<void> {
  const userId = fx.ids[caller];
  if (userId)
    await fx.db
      .deleteFrom("export_request" as never)
      .where("user_id" as never, "=", userId as never)
      .execute();
}

/** The smallest whole outcomes explorer query: records outside programs, of charts with no clinician. */
const MATRIX_QUERY = {
  program_or_location_filter: "location",
  location_uuid: ["none"],
  clinicians: [800000000000],
  measure: [1],
  gender: ["f"],
  age: ["lt18"],
};

function matrixProgramType(fx: Fixture): Promise<number> {
  let id = programTypes.get(fx);
  if (!id) {
    id = fx.db
      .insertInto("program_type")
      .values({ name: unique("Matrix type ") })
      .returning("id")
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    programTypes.set(fx, id);
  }
  return id;
}
const offProgram = (caller: CallerName) => (caller === "clinicianB" || caller === "therapist" ? [404] : undefined);

/**
 * The program of the program lists' cases: clinician A on it directly and team A through its team
 * (so supervisor A sees it too), charts A and B admitted to it. Clinician B and the therapist are
 * on no program and are answered 404, like a program that does not exist.
 */
const listedProgramOf = new WeakMap<Fixture, Promise<{ id: number; uuid: string }>>();
function listedProgram(fx: Fixture): Promise<{ id: number; uuid: string }> {
  let found = listedProgramOf.get(fx);
  if (!found) {
    found = (async () => {
      const row = await fx.db
        .insertInto("program")
        .values({ name: unique("Matrix list program ") })
        .returning(["id", "uuid"])
        .executeTakeFirstOrThrow();
      await fx.db
        .insertInto("program_clinician")
        .values({ program_id: row.id, clinician_id: fx.ids.clinicianA })
        .execute();
      await fx.db.insertInto("program_clinician_team").values({ program_id: row.id, team_id: fx.teamId }).execute();
      return { id: Number(row.id), uuid: String(row.uuid) };
    })();
    listedProgramOf.set(fx, found);
  }
  return found;
}
/**
 * Chart A in the listed program (admitted), or in no program (its admission undone). Only chart A,
 * whose people are the program's: an admission gives the program's clinicians and teams the chart
 * (docs/programs-episodes.md), and chart B must stay out of their reach for the rest of the matrix.
 */
async function listedProgramHolds(fx: Fixture, admitted: boolean): Promise<{ id: number; uuid: string }> {
  const program = await listedProgram(fx);
  const charts = [fx.charts.A.ccaId];
  await fx.db.deleteFrom("access_control_program").where("program_id", "=", program.id).execute();
  if (admitted)
    await fx.db
      .insertInto("access_control_program")
      .values(charts.map((cca_id) => ({ cca_id, program_id: program.id, admission_date: "2026-01-05" })))
      .execute();
  return program;
}
const offListedProgram = (caller: CallerName) =>
  caller === "clinicianB" || caller === "therapist" ? [404] : undefined;

/** A fresh respondent link on the chart, its account in `status` (3 Not Invited by default). */
async function freshLink(fx: Fixture, chart: Chart, status = 3): Promise<{ ccauId: number; userId: number }> {
  const userId = await createUser(fx.db, {
    username: unique("mx-link"),
    roles: ["respondent"],
    userType: "patient",
    status,
  });
  const { id } = await fx.db
    .insertInto("cca_user")
    .values({ cca_id: chart.ccaId, user_id: userId, relation_id: 4, respondent_type: "caregiver" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ccauId: id, userId };
}

/** A weekly schedule of the chart's patient with its next occurrence, made for one attempt to consume. */
async function freshSchedule(fx: Fixture, chart: Chart, ccauId = chart.selfCcauId) {
  const due = new Date(`${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
  const { id } = await fx.db
    .insertInto("schedule")
    .values({ ccau_id: ccauId, measure_id: fx.phq9, frequency: 3, due_date: due })
    .returning("id")
    .executeTakeFirstOrThrow();
  const occurrence = await fx.db
    .insertInto("client_measure")
    .values({ ccau_id: ccauId, measure_id: fx.phq9, schedule_id: id, due_date: due })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { scheduleId: id, clientMeasureId: occurrence.id };
}

/**
 * A fresh respondent account linked to chart A and to chart B, as the reproduction left
 * Jordan: answers the link on A. Acting on the account acts on B's data too.
 */
export async function sharedLink(fx: Fixture, status = 2): Promise<{ ccauId: number; userId: number }> {
  const onA = await freshLink(fx, fx.charts.A, status);
  await fx.db
    .insertInto("cca_user")
    .values({ cca_id: fx.charts.B.ccaId, user_id: onA.userId, relation_id: 4, respondent_type: "caregiver" })
    .execute();
  return onA;
}

/** The account an account-kind attempt acts on: fresh on the target chart, or shared by both. */
const accountFor = (fx: Fixture, t: Chart, aim: TargetName, status = 3) =>
  aim === "AB" ? sharedLink(fx, status) : freshLink(fx, t, status);

async function freshContact(fx: Fixture, userId: number): Promise<number> {
  const { id } = await fx.db
    .insertInto("contact")
    .values({ user_id: userId, channel: EMAIL, value: nextEmail("mxcontact") })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function freshClinician(fx: Fixture, status = 2): Promise<number> {
  const id = await createUser(fx.db, { username: unique("mx-staffer"), roles: ["clinician"], status });
  await fx.db.insertInto("user_location").values({ user_id: id, location_id: fx.locationId }).execute();
  return id;
}

async function freshLocation(fx: Fixture): Promise<number> {
  const { id } = await fx.db
    .insertInto("location")
    .values({ name: unique("Matrix place ") })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A program of its own for each attempt (a chart is in a program once at a time), with nobody on it. */
function freshProgram(fx: Fixture): Promise<number> {
  return insertProgram(fx.db, { name: unique("Matrix program "), measures: [{ measureId: fx.phq9, frequency: 4 }] });
}

/** An open admission of the chart to a fresh program, for an attempt to change, discharge or undo. */
async function freshAdmission(fx: Fixture, chart: Chart): Promise<number> {
  const { id } = await fx.db
    .insertInto("access_control_program")
    .values({ cca_id: chart.ccaId, program_id: await freshProgram(fx), admission_date: clinicToday() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The clinic's today (the default time zone): a day the admission routes accept. */
const clinicToday = () => todayIn("America/New_York");

/** The chart the caller would use for a chart-bound lookup: one they see (A when they see none). */
function homeChart(fx: Fixture, caller: CallerName): Chart {
  const charts: readonly string[] = CALLERS[caller].charts;
  return charts.includes("A") || charts.length === 0 ? fx.charts.A : fx.charts.B;
}
const seesNoChart = (caller: CallerName) => CALLERS[caller].charts.length === 0;

/** Every /api route the app registers, by "METHOD /path": a new route fails the matrix until it is here. */
export const ROUTE_CASES: Record<string, RouteCase> = {
  // ---- public: documentation, health, signing in and recovery (no patient data behind them)
  "GET /api/docs/": { kind: "public", request: () => ({ url: "/api/docs/" }) },
  "GET /api/docs/static/*": { kind: "public", request: () => ({ url: "/api/docs/static/swagger-ui.css" }) },
  "GET /api/docs/json": { kind: "public", request: () => ({ url: "/api/docs/json" }) },
  "GET /api/docs/yaml": { kind: "public", request: () => ({ url: "/api/docs/yaml" }) },
  "GET /api/docs/static/index.html": {
    kind: "public",
    ok: [302],
    request: () => ({ url: "/api/docs/static/index.html" }),
  },
  "GET /api/docs/static/swagger-initializer.js": {
    kind: "public",
    request: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
  },
  "GET /api/openapi.json": { kind: "public", request: () => ({ url: "/api/openapi.json" }) },
  "GET /api/health": { kind: "public", request: () => ({ url: "/api/health" }) },
  // Public so an expired token gets its own answer; without a session there is nothing to keep alive.
  "GET /api/security/keep-alive": {
    kind: "public",
    okUnsigned: [401],
    request: () => ({ url: "/api/security/keep-alive" }),
  },
  "POST /api/security/login": {
    kind: "public",
    ok: [401],
    request: () => ({ url: "/api/security/login", body: { username: "mx-nobody", password: "Not#The1Password" } }),
  },
  "POST /api/security/logout": {
    kind: "public",
    ok: [200, 204],
    request: () => ({ url: "/api/security/logout", body: { refreshToken: "not-a-live-token" } }),
  },
  "POST /api/security/renew-token": {
    kind: "public",
    ok: [401],
    request: () => ({ url: "/api/security/renew-token", body: { refreshToken: "not-a-live-token" } }),
  },
  "POST /api/security/forgot-password": {
    kind: "public",
    request: () => ({ url: "/api/security/forgot-password", body: { username: "mx-nobody" } }),
  },
  "POST /api/security/recover-username": {
    kind: "public",
    request: () => ({ url: "/api/security/recover-username", body: { email: "mx-nobody@example.org" } }),
  },
  "POST /api/security/generate-access-code": {
    kind: "public",
    request: () => ({ url: "/api/security/generate-access-code", body: { identifier: "mx-nobody@example.org" } }),
  },
  "POST /api/security/validate-access-code": {
    kind: "public",
    ok: [400, 401],
    request: () => ({
      url: "/api/security/validate-access-code",
      body: { identifier: "mx-nobody@example.org", code: "123456" },
    }),
  },
  "POST /api/security/account-setup": {
    kind: "public",
    ok: [400, 404, 410],
    request: () => ({
      url: "/api/security/account-setup",
      body: {
        token: "not-a-token",
        username: "mxnewuser",
        password: "Matrix#Pass2026",
        confirmPassword: "Matrix#Pass2026",
      },
    }),
  },
  "POST /api/security/reset-password": {
    kind: "public",
    ok: [400, 404, 410],
    request: () => ({
      url: "/api/security/reset-password",
      body: { key: "not-a-key", password: "Matrix#Pass2026", confirmPassword: "Matrix#Pass2026" },
    }),
  },
  "POST /api/security/select-account": {
    kind: "public",
    ok: [400, 401, 404],
    request: () => ({ url: "/api/security/select-account", body: { selectionToken: "not-a-token", accountId: 1 } }),
  },
  // Public for holders of a setup link (token in the query); signed in, only for those who create
  // or rename accounts (settings.admin, settings.staff, a respondent's own): others 403, nobody 401
  // (issue 8 §3), so the check cannot list usernames. On a public route a session that could not
  // call a signed-in one (deactivated, or a password reset pending) counts as none (access-hook.ts),
  // so both are answered as nobody: 401.
  "GET /api/security/username": {
    kind: "public",
    everyCaller: true,
    okFor: (caller) => {
      const status = (CALLERS[caller] as { status?: number }).status;
      if (caller === "anonymous" || status === 1 || status === 5) return [401];
      const checker = (["settings.admin", "settings.staff", "respondent.account"] as const).some((p) =>
        permissionsOf(caller).includes(p),
      );
      return checker ? [200] : [403];
    },
    request: () => ({ url: "/api/security/username?username=mx-free-name" }),
  },
  // The person's invitation link is the proof; a wrong secret reads like an expired link.
  "POST /api/respondent-invitations/accept": {
    kind: "public",
    ok: [400],
    request: () => ({ url: "/api/respondent-invitations/accept", body: { token: "not-a-token" } }),
  },
  "POST /api/security/validate-password": {
    kind: "public",
    request: () => ({ url: "/api/security/validate-password", body: { password: "Matrix#Pass2026" } }),
  },
  "GET /api/security/validate-token": {
    kind: "public",
    ok: [400, 404, 410],
    request: () => ({ url: "/api/security/validate-token?token=not-a-token" }),
  },

  // ---- any signed-in user: their own session and settings
  "GET /api/security/get-session": { kind: "signed-in", request: () => ({ url: "/api/security/get-session" }) },
  // Handing the device to a respondent of a chart the caller writes on; taking it back needs a
  // login-as token (tests/server/login-as), which no matrix caller holds: 401 for all.
  "POST /api/security/login-as/:ccauId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/security/login-as/${t.selfCcauId}` }),
  },
  "POST /api/security/return-to-clinician": {
    kind: "public",
    ok: [401],
    request: () => ({ url: "/api/security/return-to-clinician", body: { password: "Not#The1Password" } }),
  },
  "POST /api/security/change-password": {
    kind: "signed-in",
    // A wrong current password: the route is reached, nothing changes (a right one would end the test's sessions).
    ok: [400, 401],
    request: () => ({
      url: "/api/security/change-password",
      body: { currentPassword: "Wrong#Pass2026", newPassword: "Matrix#Pass2027", confirmPassword: "Matrix#Pass2027" },
    }),
  },
  "GET /api/settings/general": { kind: "signed-in", request: () => ({ url: "/api/settings/general" }) },
  "GET /api/settings/ui-settings": { kind: "signed-in", request: () => ({ url: "/api/settings/ui-settings" }) },
  "POST /api/settings/ui-settings": {
    kind: "signed-in",
    request: () => ({ url: "/api/settings/ui-settings", body: { alertsStatusSelector: "active" } }),
  },

  // ---- programs (admins manage; readers see the programs they or their teams are on)
  "GET /api/programs": { kind: "gated", request: () => ({ url: "/api/programs?page=1" }) },
  "GET /api/programs/my": { kind: "gated", request: () => ({ url: "/api/programs/my" }) },
  "GET /api/programs/all": { kind: "gated", request: () => ({ url: "/api/programs/all" }) },
  "GET /api/programs/by-role": { kind: "gated", request: () => ({ url: "/api/programs/by-role" }) },
  "GET /api/programs/get-all-programs": {
    kind: "gated",
    request: () => ({ url: "/api/programs/get-all-programs?excludeGroups=true" }),
  },
  "GET /api/programs/:id": {
    kind: "gated",
    okFor: offProgram,
    request: async (fx) => ({ url: `/api/programs/${await matrixProgram(fx)}` }),
  },
  "POST /api/programs": {
    kind: "gated",
    ok: [201],
    request: () => ({ url: "/api/programs", body: { name: unique("Matrix program ") } }),
  },
  "PUT /api/programs/:id": {
    kind: "gated",
    async request(fx) {
      const id = await matrixProgram(fx);
      return { url: `/api/programs/${id}`, body: await adminGet(fx, `/api/programs/${id}`) };
    },
  },
  "GET /api/programs/:programId/measures": {
    kind: "gated",
    okFor: offProgram,
    request: async (fx) => ({ url: `/api/programs/${await matrixProgram(fx)}/measures` }),
  },
  "POST /api/programs/:programId/measures": {
    kind: "gated",
    ok: [201],
    async request(fx) {
      const { id } = await fx.db
        .insertInto("program")
        .values({ name: unique("Matrix measured ") })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { url: `/api/programs/${id}/measures`, body: { measure_id: fx.phq9, frequency: 4 } };
    },
  },
  "DELETE /api/programs/:programId/measures/:measureId": {
    kind: "gated",
    ok: [204],
    async request(fx) {
      // A program of its own, so the matrix program's measures stay as they are.
      const { id: programId } = await fx.db
        .insertInto("program")
        .values({ name: unique("Matrix unmeasured ") })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { id } = await fx.db
        .insertInto("program_measure")
        .values({ program_id: programId, measure_id: fx.phq9, frequency: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { url: `/api/programs/${programId}/measures/${id}` };
    },
  },
  "GET /api/program-types": { kind: "gated", request: () => ({ url: "/api/program-types" }) },
  "GET /api/program-types/:id": {
    kind: "gated",
    request: async (fx) => ({ url: `/api/program-types/${await matrixProgramType(fx)}` }),
  },
  "POST /api/program-types": {
    kind: "gated",
    ok: [201],
    request: () => ({ url: "/api/program-types", body: { name: unique("Matrix type ") } }),
  },
  "PUT /api/program-types/:id": {
    kind: "gated",
    async request(fx) {
      const id = await matrixProgramType(fx);
      return { url: `/api/program-types/${id}`, body: await adminGet(fx, `/api/program-types/${id}`) };
    },
  },

  // ---- analytics: the outcomes explorer and its saved queries (analytics role)
  "GET /api/analytics/programs": { kind: "gated", request: () => ({ url: "/api/analytics/programs" }) },
  "GET /api/analytics/locations": { kind: "gated", request: () => ({ url: "/api/analytics/locations" }) },
  "POST /api/analytics/filter-options": {
    kind: "gated",
    request: () => ({
      url: "/api/analytics/filter-options",
      body: { program_or_location_filter: "location", location_uuid: ["none"] },
    }),
  },
  // Gated, not "list": the analytics role opens no patient permission of its own; which charts a
  // query counts: every role holding it sees the whole clinic (role.json), and the query applies
  // the caller's chart visibility all the same (outcome-query.ts).
  "POST /api/analytics/outcomes-explorer": {
    kind: "gated",
    request: () => ({ url: "/api/analytics/outcomes-explorer", body: { query: MATRIX_QUERY } }),
  },
  // Counts only, but of the same patients' scores: gated and audited like the explorer.
  "POST /api/analytics/clinical-significance": {
    kind: "gated",
    request: () => ({
      url: "/api/analytics/clinical-significance",
      body: { query: MATRIX_QUERY, method: "jacobson-truax" },
    }),
  },
  // A chart counts what the records of the same query count (charts/outcome-charts.ts): gated alike.
  "POST /api/analytics/charts/:chartId": {
    kind: "gated",
    request: () => ({ url: "/api/analytics/charts/admission-discharge", body: MATRIX_QUERY }),
  },
  // Chart titles and captions per program: settings, admins only.
  "GET /api/analytics/chart-texts": { kind: "gated", request: () => ({ url: "/api/analytics/chart-texts" }) },
  "PUT /api/analytics/chart-texts/:programId/:chartId": {
    kind: "gated",
    request: async (fx) => ({
      url: `/api/analytics/chart-texts/${await matrixProgram(fx)}/score-over-time`,
      body: { title: unique("Mx title "), caption: null },
    }),
  },
  "DELETE /api/analytics/chart-texts/:programId/:chartId": {
    kind: "gated",
    ok: [204],
    request: async (fx) => ({ url: `/api/analytics/chart-texts/${await matrixProgram(fx)}/severity-bands` }),
  },
  "GET /api/analytics/queries": { kind: "gated", request: () => ({ url: "/api/analytics/queries" }) },
  "GET /api/analytics/queries/:id": {
    kind: "gated",
    request: async (fx) => ({ url: `/api/analytics/queries/${await matrixSavedQuery(fx)}` }),
  },
  "POST /api/analytics/queries": {
    kind: "gated",
    ok: [201],
    request: () => ({ url: "/api/analytics/queries", body: { name: unique("Mx "), query: MATRIX_QUERY } }),
  },
  "PUT /api/analytics/queries/:id": {
    kind: "gated",
    request: async (fx) => ({
      url: `/api/analytics/queries/${await matrixSavedQuery(fx)}`,
      body: { name: unique("Mx "), query: MATRIX_QUERY, version: 1 },
    }),
  },
  "DELETE /api/analytics/queries/:id": {
    kind: "gated",
    ok: [200, 204],
    request: async (fx) => ({ url: `/api/analytics/queries/${await matrixSavedQuery(fx)}` }),
  },

  // Exports of the explorer (analytics/exports): the caller's own; someone else's is a 404 (exports.test.ts).
  "POST /api/analytics/generate-export-file": {
    kind: "gated",
    ok: [202],
    async request(fx, _t, caller) {
      await clearPendingExports(fx, caller);
      return { url: "/api/analytics/generate-export-file", body: { query: MATRIX_QUERY } };
    },
  },
  "GET /api/analytics/export/user-status": {
    kind: "gated",
    request: () => ({ url: "/api/analytics/export/user-status" }),
  },
  "DELETE /api/analytics/export/status/:id": {
    kind: "gated",
    request: async (fx, _t, caller) => ({ url: `/api/analytics/export/status/${await matrixExport(fx, caller)}` }),
  },
  "GET /api/analytics/export/download/:id": {
    kind: "gated",
    request: async (fx, _t, caller) => ({ url: `/api/analytics/export/download/${await matrixExport(fx, caller)}` }),
  },
  // Public: a browser download carries no bearer token, the signed link authorises (whoever holds it, for a minute).
  "GET /api/analytics/export/file": {
    kind: "public",
    async request(fx) {
      const id = await matrixExport(fx, "director", true);
      const res = await fx.app.inject({
        method: "GET",
        url: `/api/analytics/export/download/${id}`,
        headers: fx.headers.director,
      });
      if (res.statusCode !== 200) throw new Error(`export download: ${res.statusCode} ${res.body}`);
      return { url: res.json().url };
    },
  },

  // ---- PDF documents (issue 14; docs/documents.md)
  "GET /api/documents/availability": { kind: "gated", request: () => ({ url: "/api/documents/availability" }) },
  "POST /api/documents": {
    kind: "chart",
    ok: [202],
    async request(fx, t, caller) {
      await clearPendingDocuments(fx, caller);
      return { url: "/api/documents", body: { report: "progress", ccaId: t.ccaId } };
    },
  },
  "POST /api/documents/status": {
    kind: "list",
    request: async (fx, t) => ({ url: "/api/documents/status", body: { pdfUuids: [await matrixDocument(fx, t)] } }),
    check(_fx, body, visible, t) {
      const found = (body as { documents: unknown[] }).documents.length === 1;
      if (visible.includes(t) !== found) throw new Error(`document of chart ${t.name}: listed ${found}`);
    },
  },
  "GET /api/documents/download/:pdfUuid": {
    kind: "chart",
    request: async (fx, t) => ({ url: `/api/documents/download/${await matrixDocument(fx, t, true)}` }),
  },
  // Public: the headless browser signs in with its key; no matrix caller holds one, so 401 for all.
  "POST /api/security/pdf-login": {
    kind: "public",
    ok: [401],
    request: () => ({ url: "/api/security/pdf-login", body: { key: "k".repeat(43) } }),
  },

  // ---- settings (admin): users, teams, locations, outbox, clinic settings
  "GET /api/clinical-user": { kind: "gated", request: () => ({ url: "/api/clinical-user" }) },
  "POST /api/clinical-user": {
    kind: "gated",
    ok: [201],
    request: (fx) => ({
      url: "/api/clinical-user",
      body: { first_name: "Matrix", last_name: unique("Hire"), roles: ["clinician"], locations: [fx.locationId] },
    }),
  },
  "GET /api/clinical-user/:id": {
    kind: "gated",
    request: (fx) => ({ url: `/api/clinical-user/${fx.ids.clinicianA}` }),
  },
  "PUT /api/clinical-user/:id": {
    kind: "gated",
    async request(fx) {
      const id = await freshClinician(fx);
      return { url: `/api/clinical-user/${id}`, body: await adminGet(fx, `/api/clinical-user/${id}`) };
    },
  },
  "DELETE /api/clinical-user/:id": {
    kind: "gated",
    ok: [200, 204],
    request: async (fx) => ({ url: `/api/clinical-user/${await freshClinician(fx, 3)}` }),
  },
  "POST /api/clinical-user/change-status/:id": {
    kind: "gated",
    request: async (fx) => ({
      url: `/api/clinical-user/change-status/${await freshClinician(fx, 3)}`,
      body: { action: "invite" },
    }),
  },
  "GET /api/clinical-user/by-role/clinician": {
    kind: "gated",
    request: () => ({ url: "/api/clinical-user/by-role/clinician" }),
  },
  "GET /api/clinical-user/by-role/supervisor": {
    kind: "gated",
    request: () => ({ url: "/api/clinical-user/by-role/supervisor" }),
  },
  "GET /api/clinical-user/validate-provider-id-available": {
    kind: "gated",
    request: () => ({ url: "/api/clinical-user/validate-provider-id-available?provider_id=MX1" }),
  },
  "POST /api/security/reset-clinical-user-password/:id": {
    kind: "gated",
    request: async (fx) => ({ url: `/api/security/reset-clinical-user-password/${await freshClinician(fx)}` }),
  },
  "GET /api/clinician-team": { kind: "gated", request: () => ({ url: "/api/clinician-team" }) },
  "POST /api/clinician-team": {
    kind: "gated",
    ok: [201],
    request: () => ({ url: "/api/clinician-team", body: { name: unique("Matrix team ") } }),
  },
  "GET /api/clinician-team/:id": { kind: "gated", request: (fx) => ({ url: `/api/clinician-team/${fx.teamId}` }) },
  "PUT /api/clinician-team/:id": {
    kind: "gated",
    request: async (fx) => ({
      url: `/api/clinician-team/${fx.teamId}`,
      body: await adminGet(fx, `/api/clinician-team/${fx.teamId}`),
    }),
  },
  "DELETE /api/clinician-team/:id": {
    kind: "gated",
    ok: [200, 204],
    async request(fx) {
      const { id } = await fx.db
        .insertInto("clinician_team")
        .values({ name: unique("Matrix gone ") })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { url: `/api/clinician-team/${id}` };
    },
  },
  "GET /api/clinician-team/check-name": {
    kind: "gated",
    request: () => ({ url: "/api/clinician-team/check-name?name=Nobody%20team" }),
  },
  "GET /api/location": { kind: "gated", request: () => ({ url: "/api/location" }) },
  "POST /api/location": {
    kind: "gated",
    ok: [201],
    request: () => ({ url: "/api/location", body: { name: unique("Matrix site ") } }),
  },
  "GET /api/location/:id": { kind: "gated", request: (fx) => ({ url: `/api/location/${fx.locationId}` }) },
  "PUT /api/location/:id": {
    kind: "gated",
    request: async (fx) => ({
      url: `/api/location/${fx.locationId}`,
      body: await adminGet(fx, `/api/location/${fx.locationId}`),
    }),
  },
  "DELETE /api/location/:id": {
    kind: "gated",
    ok: [200, 204],
    request: async (fx) => ({ url: `/api/location/${await freshLocation(fx)}` }),
  },
  "GET /api/location/:id/users": { kind: "gated", request: (fx) => ({ url: `/api/location/${fx.locationId}/users` }) },
  "GET /api/location/for-list": { kind: "gated", request: () => ({ url: "/api/location/for-list" }) },
  "PUT /api/location/reassign": {
    kind: "gated",
    request: async (fx) => ({
      url: "/api/location/reassign",
      body: { fromLocationId: await freshLocation(fx), toLocationId: await freshLocation(fx) },
    }),
  },
  "GET /api/outbox": { kind: "gated", request: () => ({ url: "/api/outbox" }) },
  // Usage dashboards (issue 13 §4): counts only, no word of any chart; analytics.usage or analytics.outcomes.
  ...usageCases(),
  // The audit trail and its CSV export, filtered by a chart: audit.read alone, which reads every
  // chart's trail (issue 8 §2).
  "GET /api/audit-events": {
    kind: "probe",
    request: (_fx, t) => ({ url: `/api/audit-events?pageSize=5&patientId=${t.patientId}` }),
  },
  "GET /api/audit-events/export": {
    kind: "probe",
    request: (_fx, t) => ({ url: `/api/audit-events/export?patientId=${t.patientId}` }),
  },
  "PUT /api/settings/general": {
    kind: "gated",
    request: async (fx) => ({
      url: "/api/settings/general",
      body: { customer_name: "Matrix Clinic", version: (await adminGet(fx, "/api/settings/general")).version },
    }),
  },
  "GET /api/state": { kind: "gated", request: () => ({ url: "/api/state" }) },

  // ---- the measure library and auditions (no patient data)
  "GET /api/library/list": { kind: "gated", request: () => ({ url: "/api/library/list" }) },
  "GET /api/library/:measureLibraryId": { kind: "gated", request: (fx) => ({ url: `/api/library/${fx.phq9}` }) },
  "POST /api/library/:measureLibraryId/star": {
    kind: "gated",
    ok: [200, 204],
    request: (fx) => ({ url: `/api/library/${fx.phq9}/star` }),
  },
  "DELETE /api/library/:measureLibraryId/star": {
    kind: "gated",
    ok: [200, 204],
    request: (fx) => ({ url: `/api/library/${fx.phq9}/star` }),
  },
  "POST /api/questionnaires-audition/:measureId/start": {
    kind: "gated",
    request: (fx) => ({ url: `/api/questionnaires-audition/${fx.phq9}/start`, body: { age: 30 } }),
  },
  "GET /api/questionnaires-audition/:measureId/page/:pageId": {
    kind: "gated",
    request: (fx) => ({ url: `/api/questionnaires-audition/${fx.phq9}/page/p1` }),
  },
  "POST /api/questionnaires-audition/:measureId/report": {
    kind: "gated",
    request: (fx) => ({ url: `/api/questionnaires-audition/${fx.phq9}/report`, body: { age: 30, answers: { q1: 1 } } }),
  },

  // ---- patients: lists, searches, counts, the chart itself
  // Searched by each chart's patient name: found when visible, absent otherwise.
  "GET /api/patients": {
    kind: "list",
    request: (_fx, t) => ({ url: `/api/patients?search=${t.markers[0]}` }),
    check(_fx, body, visible, t) {
      const found = JSON.stringify(body).includes(t.markers[0]);
      if (visible.includes(t) !== found) throw new Error(`search for chart ${t.name}: found ${found}`);
    },
  },
  "POST /api/patients": {
    kind: "gated",
    ok: [201],
    request: (fx, _t, caller) => ({
      url: "/api/patients",
      body: patientBody({
        mrn: nextMrn("MXN"),
        clinicians: [caller === "clinicianB" || caller === "therapist" ? fx.ids[caller] : fx.ids.clinicianA],
      }),
    }),
  },
  "GET /api/patients/:patientId": { kind: "chart", request: (_fx, t) => ({ url: `/api/patients/${t.patientId}` }) },
  // Admission and discharge (issue 11 §2): each attempt on an admission of its own.
  "POST /api/programs/:programId/create-assignment": {
    kind: "chart",
    ok: [201],
    request: async (fx, t) => ({
      url: `/api/programs/${await freshProgram(fx)}/create-assignment`,
      body: { patientId: t.patientId, admission_date: clinicToday() },
    }),
  },
  "GET /api/patients/:patientId/programs": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/patients/${t.patientId}/programs` }),
  },
  "GET /api/patients/:patientId/programs/available": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/patients/${t.patientId}/programs/available` }),
  },
  "PUT /api/patients/:patientId/programs/:accessControlProgramId": {
    kind: "chart",
    request: async (fx, t) => ({
      url: `/api/patients/${t.patientId}/programs/${await freshAdmission(fx, t)}`,
      body: { admission_date: clinicToday() },
    }),
  },
  "POST /api/patients/:patientId/programs/:accessControlProgramId/discharge": {
    kind: "chart",
    request: async (fx, t) => ({
      url: `/api/patients/${t.patientId}/programs/${await freshAdmission(fx, t)}/discharge`,
      body: { disposition: "transferred", discharge_date: clinicToday() },
    }),
  },
  "DELETE /api/patients/:accessControlId/programs/:accessControlProgramId": {
    kind: "chart",
    request: async (fx, t) => ({ url: `/api/patients/${t.ccaId}/programs/${await freshAdmission(fx, t)}` }),
  },
  // Reactivating an active patient is refused (400) without changing anything; the access answers come first.
  "POST /api/patients/:patientId/change-status": {
    kind: "chart",
    ok: [200, 400],
    request: (_fx, t) => ({ url: `/api/patients/${t.patientId}/change-status`, body: { action: "activate" } }),
  },
  "PUT /api/patients/:patientId": {
    kind: "chart",
    request: async (fx, t) => ({
      url: `/api/patients/${t.patientId}`,
      body: await adminGet(fx, `/api/patients/${t.patientId}`),
    }),
  },
  // Who opened the chart: audit.read, or a clinician the chart is assigned to (directly or through
  // a team); others who see the chart (staff, directors, supervisors) 403 (issue 8 §2).
  "GET /api/patients/:patientId/opened-by": {
    kind: "chart",
    okFor: (caller) =>
      permissionsOf(caller).includes("audit.read") || ["clinicianA", "teamMemberA", "clinicianB"].includes(caller)
        ? undefined
        : [403],
    request: (_fx, t) => ({ url: `/api/patients/${t.patientId}/opened-by` }),
  },
  // The chart's insurance (issue 11 §3): read as the chart is, saved by those who write patients.
  "GET /api/v2/patients/:patientId/insurance": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/v2/patients/${t.patientId}/insurance` }),
  },
  "PUT /api/v2/patients/:patientId/insurance": {
    kind: "chart",
    request: async (fx, t) => ({
      url: `/api/v2/patients/${t.patientId}/insurance`,
      body: { ...(await adminGet(fx, `/api/v2/patients/${t.patientId}/insurance`)), primary_provider: "Matrix Health" },
    }),
  },
  "GET /api/patients/:patientId/alerts": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/patients/${t.patientId}/alerts` }),
  },
  // Issue 8 §3: the chart's MRN in reach answers who holds it; out of reach it answers like a free
  // one, {available: null, patientId: null}; only patients.viewAll learns that a free MRN is free.
  "GET /api/patients/check-mrn": {
    kind: "probe",
    request: (_fx, t, _c, unknown) => ({ url: `/api/patients/check-mrn?mrn=${unknown ? "MXNOBODY1" : t.mrn}` }),
    async check(fx, body, visible, target, caller) {
      const seen = visible.some((c) => c.name === target.name);
      const expected = seen ? { available: false, patientId: target.patientId } : { available: null, patientId: null };
      if (JSON.stringify(body) !== JSON.stringify(expected))
        throw new Error(`chart ${target.name}'s MRN answered ${JSON.stringify(body)}, not ${JSON.stringify(expected)}`);
      const free = await fx.app.inject({ url: "/api/patients/check-mrn?mrn=MXFREE1", headers: fx.headers[caller] });
      const available = permissionsOf(caller).includes("patients.viewAll") ? true : null;
      if (free.json().available !== available || free.json().patientId !== null)
        throw new Error(`a free MRN answered ${free.body}, not available ${available}`);
    },
  },
  "GET /api/teams/:ccaId": { kind: "chart", request: (_fx, t) => ({ url: `/api/teams/${t.ccaId}` }) },
  "GET /api/assignments/:ccauId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/assignments/${t.parentCcauId}` }),
  },
  "GET /api/overview/measures/:ccauId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/overview/measures/${t.selfCcauId}` }),
  },
  "GET /api/overview/answers-report/:clientMeasureId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/overview/answers-report/${t.sessionId}` }),
  },
  "GET /api/measure-session/:clientMeasureId/session-report": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/measure-session/${t.sessionId}/session-report` }),
  },
  // The chart's measure views (issue 10 §4).
  "GET /api/latest-session/team/:ccaId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/latest-session/team/${t.ccaId}` }),
  },
  "GET /api/measure-session/team/:ccaId": {
    kind: "chart",
    request: (_fx, t) => ({
      url: `/api/measure-session/team/${t.ccaId}?session_due_date=${new Date().toISOString().slice(0, 10)}`,
    }),
  },
  "GET /api/respondents/:ccauId/measures": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/respondents/${t.selfCcauId}/measures` }),
  },
  "GET /api/overview/measures/:ccauId/:measureId": {
    kind: "chart",
    request: (fx, t) => ({ url: `/api/overview/measures/${t.selfCcauId}/${fx.phq9}` }),
  },
  "GET /api/overview/answers-report": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/overview/answers-report?ccauId=${t.selfCcauId}` }),
  },
  "GET /api/library/chart-settings": { kind: "gated", request: () => ({ url: "/api/library/chart-settings" }) },
  "POST /api/library/chart-settings": {
    kind: "gated",
    request: () => ({ url: "/api/library/chart-settings", body: { measure_uuids: [] } }),
  },

  // ---- Home's worklists and the clinician's respondents: every chart the caller sees, no other.
  "GET /api/patients/from/:startDate/to/:endDate/scheduled": {
    kind: "list",
    request: () => ({ url: "/api/patients/from/20000101/to/20991231/scheduled?pageSize=200" }),
    check: (_fx, body, visible) => everyVisibleChartShown("due measures", body, visible),
  },
  "GET /api/patients/from/:startDate/to/:endDate/completed": {
    kind: "list",
    request: () => ({ url: "/api/patients/from/20000101/to/20991231/completed?pageSize=200" }),
    check: (_fx, body, visible) => everyVisibleChartShown("results", body, visible),
  },
  "GET /api/respondents": {
    kind: "list",
    request: () => ({ url: "/api/respondents?pageSize=200" }),
    check: (_fx, body, visible) => everyVisibleChartShown("respondents", body, visible),
  },

  // ---- program lists (docs/program-lists.md): every chart the caller sees in the program, no other.
  "GET /api/programs/:id/active-patients": {
    kind: "list",
    okFor: offListedProgram,
    request: async (fx) => ({ url: `/api/programs/${(await listedProgramHolds(fx, true)).id}/active-patients` }),
    check: (fx, body, visible) =>
      everyVisibleChartShown(
        "program patients",
        body,
        visible.filter((c) => c.ccaId === fx.charts.A.ccaId),
      ),
  },
  "GET /api/programs/:uuid/patients": {
    kind: "list",
    okFor: offListedProgram,
    request: async (fx) => ({ url: `/api/programs/${(await listedProgramHolds(fx, true)).uuid}/patients` }),
    check: (fx, body, visible) =>
      everyVisibleChartShown(
        "program patients",
        body,
        visible.filter((c) => c.ccaId === fx.charts.A.ccaId),
      ),
  },
  "GET /api/programs/patients/no-program": {
    kind: "list",
    async request(fx) {
      await listedProgramHolds(fx, false);
      return { url: "/api/programs/patients/no-program?pageSize=200" };
    },
    // Other cases (admissions) may have admitted a chart to a program: it is then in one.
    async check(fx, body, visible) {
      const inProgram = await fx.db
        .selectFrom("access_control_program")
        .select("cca_id")
        .where((eb) => eb.or([eb("discharge_status", "is", null), eb("discharge_status", "<>", "final")]))
        .execute();
      const admitted = new Set(inProgram.map((r) => Number(r.cca_id)));
      everyVisibleChartShown(
        "patients in no program",
        body,
        visible.filter((c) => !admitted.has(c.ccaId)),
      );
    },
  },
  "GET /api/program-lists/programs": { kind: "gated", request: () => ({ url: "/api/program-lists/programs?tab=all" }) },

  // ---- alerts
  "GET /api/measure-alerts": { kind: "list", request: () => ({ url: "/api/measure-alerts" }) },
  "GET /api/measure-alerts/active-alerts-count": {
    kind: "list",
    request: () => ({ url: "/api/measure-alerts/active-alerts-count" }),
    async check(fx, body, visible) {
      const count = (body as { count?: unknown }).count;
      const active = visible.length
        ? await fx.db
            .selectFrom("alert")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("acknowledged_at", "is", null)
            .where(
              "cca_id",
              "in",
              visible.map((c) => c.ccaId),
            )
            .executeTakeFirstOrThrow()
        : { n: 0 };
      if (count !== Number(active.n)) throw new Error(`counted ${String(count)} active alerts, ${active.n} visible`);
    },
  },
  "POST /api/measure-alerts/acknowledge/:id": {
    kind: "chart",
    async request(fx, t) {
      // Each attempt finds the alert active again, so a permitted caller is answered 200.
      await fx.db
        .updateTable("alert")
        .set({ acknowledged_by: null, acknowledged_at: null })
        .where("id", "=", t.alertId)
        .execute();
      return { url: `/api/measure-alerts/acknowledge/${t.alertId}`, body: { disposition: "patient_contacted" } };
    },
  },
  "POST /api/measure-alerts/unacknowledge/:id": {
    kind: "chart",
    async request(fx, t, caller) {
      // Each attempt finds the alert just acknowledged by the caller, so a permitted caller may undo it.
      await fx.db
        .updateTable("alert")
        .set({ acknowledged_by: fx.ids[caller] ?? null, acknowledged_at: new Date(), disposition: "other" })
        .where("id", "=", t.alertId)
        .execute();
      return { url: `/api/measure-alerts/unacknowledge/${t.alertId}` };
    },
  },

  // ---- respondents on a chart, scheduling
  // AB: into chart A, linking the existing account of chart B's parent (issue 8 §1): only for a
  // caller who sees both charts; anyone else is refused and learns nothing of the person.
  // Seeing chart A but not B, the person is not linked: they are sent an invitation (202) and join
  // when they accept it (docs/security/respondent-linking.md).
  "POST /api/respondents": {
    kind: "chart",
    ok: [201],
    targets: ["A", "B", "AB"],
    invitesOnShared: [202],
    async request(fx, t, _c, _u, aim) {
      if (aim !== "AB")
        return { url: "/api/respondents", body: respondentBody(t.ccaId, { name_last: unique("Mxadded") }) };
      // A fresh person on chart B each time, so every caller's attempt is a first link.
      const email = nextEmail("mxonb");
      const onB = await addRespondent(fx.app, fx.headers.admin as { authorization: string }, fx.charts.B.ccaId, {
        email,
        name_last: unique("Betahiddenkin"),
      });
      return {
        url: "/api/respondents",
        body: respondentBody(t.ccaId, { existingUserId: onB.userId, email, name_first: "Someone", name_last: "Else" }),
      };
    },
  },
  "PUT /api/respondents/:ccauId": {
    kind: "chart",
    async request(fx, t) {
      const row = (await teamOf(fx.app, fx.headers.admin ?? { authorization: "" }, t.ccaId)).find(
        (r) => r.ccauId === t.parentCcauId,
      );
      if (!row) throw new Error("the parent link is gone");
      return { url: `/api/respondents/${t.parentCcauId}`, body: { ...updateBodyFrom(row), version: row.version } };
    },
  },
  "DELETE /api/respondents/:ccauId": {
    kind: "chart",
    ok: [200, 204],
    request: async (fx, t) => ({ url: `/api/respondents/${(await freshLink(fx, t, 2)).ccauId}` }),
  },
  // A fresh respondent who can be reminded (an email contact, something open, an active patient).
  "POST /api/respondents/:ccauId/send-reminder": {
    kind: "chart",
    async request(fx, t) {
      const link = await freshLink(fx, t, 2);
      await fx.db
        .insertInto("contact")
        .values({ user_id: link.userId, channel: EMAIL, value: `${unique("mxremind")}@example.org`, is_primary: true })
        .execute();
      const due = `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;
      await fx.db
        .insertInto("client_measure")
        .values({ ccau_id: link.ccauId, measure_id: fx.phq9, due_date: due })
        .execute();
      await fx.db.updateTable("patient").set({ active: true }).where("id", "=", t.patientId).execute();
      return { url: `/api/respondents/${link.ccauId}/send-reminder` };
    },
  },
  // A person out of reach is said to exist, so the add invites them, and nothing more: no id,
  // name, contact or chart (issue 8 §1).
  "GET /api/respondents/exist": {
    kind: "probe",
    hiddenAnswer: { exists: true, onTeam: false, canLink: false, needsInvitation: true },
    // The lookup is made from a chart of the caller's; a caller who sees none is refused the chart.
    okFor: (caller) => (seesNoChart(caller) ? [404] : undefined),
    request: (fx, t, caller, unknown) => ({
      url: `/api/respondents/exist?ccaId=${homeChart(fx, caller).ccaId}&email=${encodeURIComponent(
        unknown ? "mx-nobody@example.org" : t.parentEmail,
      )}`,
    }),
  },
  "POST /api/scheduling": {
    kind: "chart",
    ok: [201],
    request: (fx, t) => ({
      url: "/api/scheduling",
      body: {
        ccauId: t.selfCcauId,
        measureId: fx.phq9,
        dueDate: `${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)} 00:00:00`,
        frequency: 1,
        confirm: true,
      },
    }),
  },
  "GET /api/scheduling/:ccauId": { kind: "chart", request: (_fx, t) => ({ url: `/api/scheduling/${t.selfCcauId}` }) },
  "POST /api/scheduling/change-frequency": {
    kind: "chart",
    request: async (fx, t) => ({
      url: "/api/scheduling/change-frequency",
      body: { scheduleId: (await freshSchedule(fx, t)).scheduleId, frequency: 5 },
    }),
  },
  "POST /api/scheduling/:clientMeasureId/change-scheduling-date": {
    kind: "chart",
    request: async (fx, t) => ({
      url: `/api/scheduling/${(await freshSchedule(fx, t)).clientMeasureId}/change-scheduling-date`,
      body: { dueDate: `${new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10)} 00:00:00` },
    }),
  },
  "DELETE /api/scheduling/:id": {
    kind: "chart",
    request: async (fx, t) => ({ url: `/api/scheduling/${(await freshSchedule(fx, t)).scheduleId}` }),
  },
  // A fresh respondent with the measure, so each attempt has something to remove.
  "DELETE /api/scheduling/user-assignment/:ccauId/remove-measure/:measureId": {
    kind: "chart",
    request: async (fx, t) => {
      const link = await freshLink(fx, t, 2);
      await freshSchedule(fx, t, link.ccauId);
      return { url: `/api/scheduling/user-assignment/${link.ccauId}/remove-measure/${fx.phq9}` };
    },
  },
  // An access code signs the person in: account-wide, so also tried on a person shared by A and B.
  "POST /api/security/secure-generate-access-code": {
    kind: "chart",
    targets: ["A", "B", "AB"],
    accountWide: ACCOUNT_WIDE_STAFF_ONLY,
    request: async (fx, t, _c, _u, aim) => ({
      url: "/api/security/secure-generate-access-code",
      body: { ccauId: (await accountFor(fx, t, aim, 2)).ccauId },
    }),
  },

  // ---- respondents' accounts (managed by staff, or by a clinician of a chart they are on)
  "POST /api/security/reset-user-password/:id": {
    kind: "account",
    accountWide: ACCOUNT_WIDE_STAFF_ONLY,
    request: async (fx, t, _c, _u, aim) => ({
      url: `/api/security/reset-user-password/${(await accountFor(fx, t, aim, 2)).userId}`,
    }),
  },
  "POST /api/users/:acId/send-invitation": {
    kind: "account",
    accountWide: ACCOUNT_WIDE_STAFF_ONLY,
    request: async (fx, t, _c, _u, aim) => ({
      url: `/api/users/${(await accountFor(fx, t, aim)).userId}/send-invitation`,
      body: {},
    }),
  },
  "POST /api/patient-user/respondents/:id/change-status": {
    kind: "account",
    accountWide: ACCOUNT_WIDE_STAFF_ONLY,
    request: async (fx, t, _c, _u, aim) => ({
      url: `/api/patient-user/respondents/${(await accountFor(fx, t, aim)).userId}/change-status`,
      body: { action: "invite" },
    }),
  },
  "GET /api/patient-user/respondents": { kind: "list", request: () => ({ url: "/api/patient-user/respondents" }) },
  "GET /api/patient-user/respondents/:id": {
    kind: "account",
    request: (_fx, t) => ({ url: `/api/patient-user/respondents/${t.parentUserId}` }),
  },
  "PUT /api/patient-user/respondents/:id": {
    kind: "account",
    request: async (fx, t) => ({
      url: `/api/patient-user/respondents/${t.parentUserId}`,
      body: await adminGet(fx, `/api/patient-user/respondents/${t.parentUserId}`),
    }),
  },

  // ---- answering (respondents) on their own links
  "GET /api/questionnaires/session": { kind: "list", request: () => ({ url: "/api/questionnaires/session" }) },
  "POST /api/questionnaires/hippa-agreement": {
    kind: "gated",
    request: () => ({ url: "/api/questionnaires/hippa-agreement", body: { hippaAgreement: true } }),
  },
  "GET /api/questionnaires/have-available-questionnaires/:ccauId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/questionnaires/have-available-questionnaires/${t.selfCcauId}` }),
  },
  "GET /api/questionnaires/:clientMeasureId/page/:pageId": {
    kind: "chart",
    request: (_fx, t) => ({ url: `/api/questionnaires/${t.openMeasureId}/page/p1` }),
  },
  "POST /api/questionnaires/:clientMeasureId": {
    kind: "chart",
    request: (_fx, t) => ({
      url: `/api/questionnaires/${t.openMeasureId}`,
      body: { completed: false, pageId: "p1", questionAnswers: [{ questionId: "q1", value: 1 }] },
    }),
  },
  "PUT /api/questionnaires/:clientMeasureId": {
    kind: "chart",
    request: (_fx, t) => ({
      url: `/api/questionnaires/${t.openMeasureId}`,
      body: { completed: false, pageId: "p1", questionAnswers: [{ questionId: "q2", value: 1 }] },
    }),
  },
  "PUT /api/questionnaires/:clientMeasureId/page/:pageId/question/:questionId": {
    kind: "chart",
    request: (_fx, t) => ({
      url: `/api/questionnaires/${t.openMeasureId}/page/p1/question/q3`,
      body: { value: 1, seq: 1 },
    }),
  },

  // ---- a respondent's own account
  "GET /api/users/:id": { kind: "own-account", request: (_fx, t) => ({ url: `/api/users/${t.selfUserId}` }) },
  "PUT /api/users/:id": {
    kind: "own-account",
    request: (_fx, t) => ({
      url: `/api/users/${t.selfUserId}`,
      body: { first_name: "Ainsley", last_name: "Alphavisible" },
    }),
  },
  "PUT /api/users/:id/username": {
    kind: "own-account",
    request: (_fx, t) => ({ url: `/api/users/${t.selfUserId}/username`, body: { username: unique("mxself") } }),
  },
  "POST /api/users/:user_id/contact-info": {
    kind: "own-account",
    ok: [201],
    request: (_fx, t) => ({
      url: `/api/users/${t.selfUserId}/contact-info`,
      body: { channel: EMAIL, value: nextEmail("mxadd") },
    }),
  },
  "PUT /api/users/:user_id/contact-info/:id": {
    kind: "own-account",
    async request(fx, t) {
      const id = await freshContact(fx, t.selfUserId);
      const row = await fx.db.selectFrom("contact").select("version").where("id", "=", id).executeTakeFirstOrThrow();
      return {
        url: `/api/users/${t.selfUserId}/contact-info/${id}`,
        body: { channel: EMAIL, value: nextEmail("mxedit"), version: row.version },
      };
    },
  },
  "DELETE /api/users/:user_id/contact-info/:id": {
    kind: "own-account",
    ok: [200, 204],
    request: async (fx, t) => ({
      url: `/api/users/${t.selfUserId}/contact-info/${await freshContact(fx, t.selfUserId)}`,
    }),
  },
};

/** The usage dashboards' calls: the last 30 days, by due day or by day of activity. */
function usageCases(): Record<string, RouteCase> {
  const today = Math.floor(Date.now() / 86_400_000) * 86_400;
  const range = { greater_than: today - 30 * 86_400, less_than: today };
  const by = (path: string, criteria: Record<string, unknown>): RouteCase => ({
    kind: "gated",
    request: () => ({ url: `/api/analytics/usage/${path}`, body: { criteria } }),
  });
  return {
    "POST /api/analytics/usage/respondents": by("respondents", { date_range: range, graph_interval: "week" }),
    "POST /api/analytics/usage/invites": by("invites", { due_date_range: range }),
    "POST /api/analytics/usage/measures-due": by("measures-due", { due_date_range: range }),
    "POST /api/analytics/usage/measure-completion": by("measure-completion", { due_date_range: range }),
    "POST /api/analytics/usage/sign-ins": by("sign-ins", { date_range: range }),
  };
}
