import type { RouteOptions } from "fastify";
import type { RouteAccess } from "../../../src/server/auth/request-user.ts";
import { type Permission, permissionsFor } from "../../../src/shared/permissions.ts";
import { defaultBundle, type JsonSchema, schemaById } from "../../../src/shared/schema/bundle.ts";
import { CALLERS, type CallerName, type ChartName, type TargetName } from "./fixture.ts";
import type { CaseKind, RouteCase } from "./route-cases.ts";

/** Path, body or query fields that name patient data: a route taking one is chart-scoped. */
export const CHART_FIELDS = ["patientId", "ccaId", "ccauId", "clientMeasureId"];

export const routeKey = (method: string, url: string) => `${method} ${url}`;
export const accessOf = (route: RouteOptions) => route.config?.access as RouteAccess;
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as JsonSchema & { $ref?: string; properties?: Record<string, unknown> };
  const resolved = s.$ref ? (schemaById(defaultBundle, s.$ref) as typeof s) : s;
  return Object.keys(resolved.properties ?? {});
}

/**
 * Why a case's kind cannot be right for the route as declared (its access, path parameters,
 * body and query fields), or null. This is how a route that changes shape fails the matrix.
 */
export function kindMismatch(route: RouteOptions, kind: CaseKind): string | null {
  const access = accessOf(route);
  const anyOf: string[] = typeof access === "object" ? access.anyOf : [];
  const params = pathParams(route.url);
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
  const named = [...params, ...fieldsOf(schema.body), ...fieldsOf(schema.querystring)];
  if ((access === "public") !== (kind === "public")) return `access ${JSON.stringify(access)} but kind ${kind}`;
  if ((access === "authenticated") !== (kind === "signed-in"))
    return `access ${JSON.stringify(access)} but kind ${kind}`;
  if (params.some((p) => CHART_FIELDS.includes(p)) && kind !== "chart") return `chart path parameter but kind ${kind}`;
  if (named.some((p) => CHART_FIELDS.includes(p)) && !["chart", "probe"].includes(kind))
    return `names a chart in ${named.join(", ")} but kind ${kind}`;
  if (anyOf.includes("respondent.account") !== (kind === "own-account")) return `respondent.account but kind ${kind}`;
  const patientData = anyOf.some(
    (p) => p.startsWith("patients.") || p.startsWith("respondent.") || p === "settings.staff" || p === "audit.read",
  );
  if (["chart", "account", "list", "probe"].includes(kind) && !patientData)
    return `kind ${kind} on a route no patient permission opens`;
  return null;
}

export const permissionsOf = (caller: CallerName): Permission[] => permissionsFor(CALLERS[caller].roles, defaultBundle);

/** Does the caller hold one of the route's permissions (the access hook's 403)? */
export function permitted(caller: CallerName, access: RouteAccess): boolean {
  if (access === "public") return true;
  if (caller === "anonymous") return false;
  if (access === "authenticated") return true;
  return access.anyOf.some((p) => permissionsOf(caller).includes(p));
}

/**
 * May the caller see this chart's data through this route (patient-access.ts, account-access.ts)?
 * `otherLink`: the data is another respondent's on the chart (a respondent sees only their own).
 */
export function sees(
  caller: CallerName,
  chart: ChartName,
  access: RouteAccess,
  kind: CaseKind,
  otherLink = false,
): boolean {
  const perms = permissionsOf(caller);
  const anyOf: string[] = typeof access === "object" ? access.anyOf : [];
  const holds = (p: Permission) => perms.includes(p) && anyOf.includes(p);
  const { charts } = CALLERS[caller] as { charts: readonly ChartName[] };
  const linked = otherLink ? [] : (CALLERS[caller].linked as readonly ChartName[]);
  if (kind === "own-account") return linked.includes(chart) && holds("respondent.account");
  // settings.staff manages every respondent account, on every route that grants it.
  if (perms.includes("settings.staff") && (kind === "account" || anyOf.includes("settings.staff"))) return true;
  if (kind === "account") return perms.includes("patients.write") && charts.includes(chart);
  // The audit trail's reader reads every chart's trail.
  if (holds("audit.read")) return true;
  const asClinician = anyOf.some((p) => p.startsWith("patients.") && perms.includes(p as Permission));
  return (asClinician && charts.includes(chart)) || (holds("respondent.session") && linked.includes(chart));
}

/**
 * The targets a case is tried on: both charts where ownership matters, else one; account
 * actions also on a person linked to both charts.
 */
export function targetsOf(rc: RouteCase, access: RouteAccess): TargetName[] {
  if (rc.targets) return rc.targets;
  if (rc.kind === "account") return ["A", "B", "AB"];
  const respondents = typeof access === "object" && access.anyOf.some((p) => p.startsWith("respondent."));
  if (["chart", "own-account"].includes(rc.kind) && respondents) return ["A", "B", "A2"];
  return ["chart", "own-account", "probe", "list"].includes(rc.kind) ? ["A", "B"] : ["A"];
}

/**
 * The callers a case is tried with: public routes unsigned and once signed in (every caller when
 * the route answers by who signed in), others every caller.
 */
export const callersOf = (rc: RouteCase, all: CallerName[]): CallerName[] =>
  rc.kind === "public" && !rc.everyCaller ? ["anonymous", "clinicianA"] : all;

/** What a caller must be answered. */
export interface Expectation {
  statuses: number[];
  /** Refused: nothing may change (the charts' snapshots before and after are equal). */
  refused: boolean;
  /** Out of the caller's reach: a GET answers like ids that exist nowhere. */
  hidden: boolean;
  /** The refusal's `error` text, when the route documents one. */
  message?: string;
  /** The person is invited, not linked: one outbox message, nothing else about the charts changes. */
  invited?: boolean;
}

/** Statuses the caller must get; `hidden` when the target is out of the caller's reach. */
export function expectedStatuses(
  rc: RouteCase,
  route: RouteOptions,
  caller: CallerName,
  target: TargetName,
): Expectation {
  const access = accessOf(route);
  const ok = rc.okFor?.(caller) ?? rc.ok ?? [200];
  if (rc.kind === "public") {
    const statuses = rc.okFor?.(caller) ?? (caller === "anonymous" ? (rc.okUnsigned ?? ok) : ok);
    return { statuses, refused: false, hidden: false };
  }
  const status = (CALLERS[caller] as { status?: number }).status;
  // access-hook.ts: only Active and Password Reset accounts hold sessions; Password Reset reaches
  // only the routes marked allowPasswordReset.
  if (caller === "anonymous" || status === 1) return { statuses: [401], refused: true, hidden: false };
  if (status === 5 && !route.config?.allowPasswordReset) return { statuses: [403], refused: true, hidden: false };
  if (!permitted(caller, access)) return { statuses: [403], refused: true, hidden: false };
  if (target === "AB") {
    // A person on both charts: acting on them needs rights over both. Seeing one chart, the caller
    // knows the person exists, so 403 is as right as 404; either way nothing may change.
    const a = sees(caller, "A", access, rc.kind);
    const b = sees(caller, "B", access, rc.kind);
    if (a && b) return { statuses: ok, refused: false, hidden: false };
    // Linking chart B's person into chart A, seeing A only: the person is invited instead.
    if (rc.invitesOnShared && a) return { statuses: rc.invitesOnShared, refused: false, hidden: false, invited: true };
    // An account-wide action: a caller who sees the person (on the chart the request names, or on
    // any chart for an account id) is told only staff may; "which chart" stays unsaid.
    const seesPerson = rc.kind === "account" ? a || b : a;
    if (rc.accountWide)
      return seesPerson
        ? { statuses: [403], refused: true, hidden: true, message: rc.accountWide }
        : { statuses: [404], refused: true, hidden: true };
    return { statuses: a || b ? [403, 404] : [404], refused: true, hidden: true };
  }
  const chart = target === "A2" ? "A" : target;
  if (["chart", "account", "own-account"].includes(rc.kind) && !sees(caller, chart, access, rc.kind, target === "A2"))
    return { statuses: [404], refused: true, hidden: true };
  return { statuses: ok, refused: false, hidden: false };
}
