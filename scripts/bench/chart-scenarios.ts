import { NETWORK_PASSWORD, NETWORK_STAFF } from "../../src/server/seed/network/network-accounts.ts";
import { bearer, loginCall } from "./api-client.ts";
import { rotation, type Scenario } from "./scenario.ts";

const NO_CHART = "no chart with scored sessions";
const sessionsNote = (n: number) => `a chart with ${n.toLocaleString("en-US")} scored sessions`;

/** The chart page's measures overview (src/server/sessions/report-routes.ts, client chart-api.ts). */
export const chartOverview: Scenario = {
  id: "overview",
  label: "chart measures overview GET /api/overview/measures/:ccauId as admin",
  target: "p99",
  async prepare(ctx) {
    const chart = ctx.samples.busyChart;
    if (!chart) return NO_CHART;
    const token = await ctx.signIn(NETWORK_STAFF.admin);
    return {
      note: sessionsNote(chart.sessions),
      connection: rotation([{ method: "GET", path: `/api/overview/measures/${chart.ccauId}`, headers: bearer(token) }]),
    };
  },
};

/** The chart page's alert list: active alerts, 100 to a page, as PatientAlerts.tsx asks for them. */
export const patientAlerts: Scenario = {
  id: "alerts",
  label: "chart alert list GET /api/patients/:id/alerts?status=active&pageSize=100 as admin",
  target: "p99",
  async prepare(ctx) {
    const chart = ctx.samples.busyChart;
    if (!chart) return NO_CHART;
    const token = await ctx.signIn(NETWORK_STAFF.admin);
    const path = `/api/patients/${chart.patientId}/alerts?status=active&pageSize=100`;
    return {
      note: sessionsNote(chart.sessions),
      connection: rotation([{ method: "GET", path, headers: bearer(token) }]),
    };
  },
};

/**
 * Sign-in with a correct password, over the staff accounts. POST /api/security/login has no
 * request-rate limit (RATE_LIMIT_* covers the recovery and access-code routes); only wrong
 * passwords are throttled (auth/sign-in-throttle.ts), so the bench changes no limit for it.
 */
export const login: Scenario = {
  id: "login",
  label: "sign-in POST /api/security/login (staff accounts)",
  target: "none",
  async prepare(ctx) {
    ctx.note(
      "Sign-in: no request-rate limit applies to POST /api/security/login and only wrong passwords are throttled; the bench signs in with correct ones and leaves RATE_LIMIT_* at their defaults.",
    );
    const calls = Object.values(NETWORK_STAFF).map((u) => loginCall(u, NETWORK_PASSWORD));
    return { note: "argon2 verification per request", connection: rotation(calls) };
  },
};
