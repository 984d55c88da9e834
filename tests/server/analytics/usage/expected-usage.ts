import { ACTIVITY } from "../../../../src/server/auth/activity-log.ts";
import {
  CHART_CLINICIAN,
  CLINICAL_ROLES,
  RESPONDENTS,
  SESSIONS,
  type Session,
  SIGN_INS,
  ZONE,
} from "./usage-fixture.ts";

/**
 * The usage numbers worked out in plain TypeScript from the fixture's own lists, independently
 * of the SQL under test: days by Intl in the clinic's zone, periods by walking the calendar.
 */
type Period = { start_date: string; end_date: string };

const dayMs = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
const clinicDay = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );
const within = (day: string, p: Period) => day >= p.start_date && day <= p.end_date;
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 100) / whole));

export function periods(first: string, last: string, interval: "day" | "week"): Period[] {
  const out: Period[] = [];
  for (let day = first; day <= last; ) {
    let end = day;
    if (interval === "week") {
      // Sunday ends an ISO week.
      while (new Date(`${end}T00:00:00Z`).getUTCDay() !== 0 && end < last) end = addDays(end, 1);
    }
    out.push({ start_date: day, end_date: end });
    day = addDays(end, 1);
  }
  return out;
}

/** Sessions on the charts a caller sees (all, or the clinicians named). */
const onCharts = (clinicians: string[] | null) => (s: Session) =>
  clinicians === null || clinicians.includes(CHART_CLINICIAN[s.chart]);

export function respondents(ps: Period[], clinicians: string[] | null) {
  const done = SESSIONS.filter((s) => s.status === "submitted" && onCharts(clinicians)(s)).map((s) => ({
    who: s.who,
    day: clinicDay(s.completedAt as string),
  }));
  const firstDay = new Map<string, string>();
  for (const d of done) if (!firstDay.has(d.who) || d.day < (firstDay.get(d.who) as string)) firstDay.set(d.who, d.day);
  return ps.map((p) => ({
    ...p,
    active_respondents: new Set(done.filter((d) => within(d.day, p)).map((d) => d.who)).size,
    new_respondents: [...firstDay.values()].filter((day) => within(day, p)).length,
  }));
}

const dueIn = (p: Period, clinicians: string[] | null) =>
  SESSIONS.filter((s) => s.status !== "disabled" && within(s.due, p) && onCharts(clinicians)(s));

export function measuresDue(ps: Period[], clinicians: string[] | null) {
  return ps.map((p) => {
    const due = dueIn(p, clinicians);
    const completed = due.filter((s) => s.status === "submitted").length;
    return {
      ...p,
      measures_due: due.length,
      measures_completed: completed,
      percent_completed: pct(completed, due.length),
      patients_with_measures_due: new Set(due.map((s) => s.chart)).size,
    };
  });
}

export function measureCompletion(p: Period, clinicians: string[] | null) {
  const due = dueIn(p, clinicians);
  const names = { "phq-9": "PHQ-9", "gad-7": "GAD-7" };
  return (["phq-9", "gad-7"] as const)
    .map((m) => {
      const of = due.filter((s) => s.measure === m);
      const completed = of.filter((s) => s.status === "submitted").length;
      return {
        measure_abbreviation: names[m],
        count_owl_measure_uuid: of.length,
        count_completed: completed,
        percent_completed: pct(completed, of.length),
      };
    })
    .filter((r) => r.count_owl_measure_uuid > 0)
    .sort((a, b) => b.count_owl_measure_uuid - a.count_owl_measure_uuid);
}

export function invites(p: Period, clinicians: string[] | null) {
  const people = new Set(dueIn(p, clinicians).map((s) => s.who));
  const cohort = [...people].map((who) => RESPONDENTS[who].status).filter((status) => status !== 1);
  const count = (...statuses: number[]) => cohort.filter((s) => statuses.includes(s)).length;
  return {
    ...p,
    respondents: cohort.length,
    percent_not_invited: pct(count(3), cohort.length),
    percent_invited: pct(count(4), cohort.length),
    percent_finished_account_setup: pct(count(2, 5), cohort.length),
  };
}

export function signIns(ps: Period[], people: string[] | null) {
  const ok = SIGN_INS.filter(
    (s) => s.code === ACTIVITY.loginSuccess && s.who in CLINICAL_ROLES && (people === null || people.includes(s.who)),
  );
  return ps.map((p) => {
    const inP = ok.filter((s) => within(clinicDay(s.at), p));
    const by = (role: string) =>
      inP.filter((s) => CLINICAL_ROLES[s.who as keyof typeof CLINICAL_ROLES].includes(role)).length;
    return {
      ...p,
      clinician_logins: by("clinician"),
      supervisor_logins: by("supervisor"),
      staff_logins: by("staff"),
      admin_logins: by("admin"),
    };
  });
}
