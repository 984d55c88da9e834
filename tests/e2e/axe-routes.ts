import type { Locator, Page } from "playwright-core";

/**
 * Every route of the app (src/client/app/routes.tsx and src/client/pages/*\/routes.tsx), with the
 * roles that may open it and the states worth checking on it (a dialog open, a toast shown). The
 * every-route axe test visits each as each of its roles at a laptop's size and a phone's.
 *
 * To add a screen: add a row. `path` is a plain address, or built from the records found once at
 * the start (`Found`), so rows never hard-code database ids.
 */

export type AxeRole = "anonymous" | "admin" | "supervisor" | "clinician" | "staff" | "director" | "respondent";

/** Demo sign-ins (src/server/seed/demo-clinic.ts, demo-respondents.ts); every one uses the demo password. */
export const ROLE_LOGIN: Record<Exclude<AxeRole, "anonymous">, string> = {
  admin: "admin",
  supervisor: "supervisor",
  clinician: "clinician",
  staff: "staff",
  director: "director",
  respondent: "jordan",
};

/** A schema table's first record: a body row on a laptop, the first card on a phone (SchemaTableCards). */
function firstRecord(page: Page, label: string): Locator {
  return page
    .getByRole("table", { name: label })
    .getByRole("row")
    .nth(1)
    .or(page.getByRole("list", { name: label }).getByRole("listitem").first());
}

/** Roles with patient access (PATIENT_ACCESS): the clinician area, measures and session reports. */
const CLINICAL: AxeRole[] = ["admin", "supervisor", "clinician", "staff", "director"];
/** Roles that may change charts (patients.write): add and edit pages, assign and acknowledge. */
const WRITERS: AxeRole[] = ["admin", "supervisor", "clinician", "staff"];

/** Addresses of seeded records, read from the app's own links once, as the admin (every-route-axe.e2e.ts). */
export interface Found {
  /** A chart with an active alert, that alert's session report, and a respondent (not the patient) to edit. */
  patientPath: string;
  /** Jordan Rivera's patient page (MRN1001): his chart has a PHQ-9 scheduled (demo-measures.ts). */
  jordanPath: string;
  reportPath: string;
  respondentEditPath: string;
  measureDetailPath: string;
  auditionPath: string;
  clinicalUserEditPath: string;
  teamEditPath: string;
  locationEditPath: string;
  /** The demo's Intensive Outpatient Program's edit page (demo-programs.ts). */
  programEditPath: string;
  /** The first program type's edit page (the demo seeds the programs' types). */
  programTypeEditPath: string;
  patientUserPath: string;
  /** The first page of the demo respondent's due questionnaire, from their session list. */
  questionnairePath: string;
}

/** A state of a screen worth its own check: opened after the screen is ready, closed before the next. */
export interface ScreenState {
  name: string;
  roles?: AxeRole[];
  /** Opens the state; false when it does not exist at this size (e.g. the phone's navigation button). */
  open: (page: Page) => Promise<unknown>;
}

export interface RouteCase {
  name: string;
  path: string | ((found: Found) => string);
  roles: AxeRole[];
  /** What shows once the screen has loaded; by default its level-1 heading. */
  ready?: (page: Page) => Locator;
  states?: ScreenState[];
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first();
/** A score chart drawn (Plotly's svg), so its hidden drawing is checked too (nothing focusable inside). */
const chartDrawn = (page: Page) => page.locator("figure .main-svg").first();
/** A print page is ready for the PDF renderer: data loaded and every chart drawn (pages/print/PdfReadiness.tsx). */
const pdfReady = (page: Page) => page.locator('html[data-pdf-ready="true"]');

async function openDialog(page: Page, button: string | RegExp, dialog: string | RegExp): Promise<void> {
  await page.getByRole("button", { name: button }).first().click();
  await page.getByRole("dialog", { name: dialog }).waitFor();
}

/** The account menu in the header, on every signed-in screen. */
async function openAccountMenu(page: Page): Promise<void> {
  await page
    .getByRole("button", { name: /^Account/ })
    .first()
    .click();
  await page.getByRole("menu").waitFor();
}

/** The navigation a phone opens from its menu button (a laptop shows it always). */
async function openPhoneNavigation(page: Page): Promise<boolean> {
  const button = page.getByRole("button", { name: "Open navigation" });
  if (!(await button.isVisible())) return false;
  await button.click();
  await page.getByRole("button", { name: "Close navigation" }).waitFor();
  return true;
}

const LAYOUT_STATES: ScreenState[] = [
  { name: "account menu", open: openAccountMenu },
  { name: "phone navigation", open: openPhoneNavigation },
];

/** A success toast, from saving a record unchanged (the record keeps its values). */
async function saveForToast(page: Page, button: string | RegExp): Promise<void> {
  await page.getByRole("button", { name: button }).first().click();
  await page.locator(".mantine-Notification-root").first().waitFor();
}

export const ANONYMOUS_ROUTES: RouteCase[] = [
  { name: "login", path: "/security/login", roles: ["anonymous"] },
  { name: "forgot username", path: "/security/forgot-username", roles: ["anonymous"] },
  { name: "forgot password", path: "/security/forgot-password", roles: ["anonymous"] },
  { name: "account setup (expired link)", path: "/security/account-setup?token=expired", roles: ["anonymous"] },
  { name: "validate token (expired link)", path: "/security/validate-token?token=expired", roles: ["anonymous"] },
  { name: "reset password (expired link)", path: "/security/reset-password?token=expired", roles: ["anonymous"] },
  { name: "join care team (expired link)", path: "/security/join-care-team?token=expired", roles: ["anonymous"] },
  { name: "access code", path: "/security/access-code", roles: ["anonymous"] },
  { name: "security 404", path: "/security/no-such-page", roles: ["anonymous"] },
];

/** A worklist tab has loaded once its count shows ("3 measures due today", "0 results in the last 7 days"). */
const worklistLoaded = (p: Page) => p.getByText(/^\d[\d,]* (measures? due|results? in the last)/).first();

/**
 * A program list has loaded: an accordion per program, or the words of an empty tab (the demo's
 * programs are seeded with issue 11's demo data; the rows hold either way).
 */
const programsLoaded = (p: Page) =>
  p
    .locator(".mantine-Accordion-control")
    .first()
    .or(p.getByText(/^(You are not on any program yet|There are no programs yet)\.$/));

/** Opens the first program's accordion (open already when remembered) and waits for its patients; false with no program. */
async function openFirstProgram(page: Page): Promise<boolean> {
  const control = page.locator(".mantine-Accordion-control").first();
  if ((await control.count()) === 0) return false;
  if ((await control.getAttribute("aria-expanded")) !== "true") await control.click();
  const panel = page.locator(".mantine-Accordion-panel").first();
  await panel
    .getByRole("table")
    .or(panel.getByRole("list"))
    .or(panel.getByText(/^(No patients in this program|Every active patient is in a program)\.$/))
    .first()
    .waitFor();
  await panel.getByText("Loading…").waitFor({ state: "hidden" });
  return true;
}

const PROGRAM_STATES: ScreenState[] = [{ name: "first program opened", open: openFirstProgram }];

export const CLINICIAN_ROUTES: RouteCase[] = [
  { name: "home: today", path: "/clinician/home", roles: CLINICAL, ready: worklistLoaded },
  { name: "home: this week", path: "/clinician/home?tab=week", roles: CLINICAL, ready: worklistLoaded },
  { name: "home: new results", path: "/clinician/home?tab=new-results", roles: CLINICAL, ready: worklistLoaded },
  {
    name: "home: programs (my programs)",
    path: "/clinician/home?tab=programs",
    roles: CLINICAL,
    ready: programsLoaded,
    states: PROGRAM_STATES,
  },
  {
    name: "home: programs (all programs)",
    path: "/clinician/home?tab=programs&programs=all",
    roles: CLINICAL,
    ready: programsLoaded,
    states: PROGRAM_STATES,
  },
  {
    name: "my programs",
    path: "/clinician/my-programs",
    roles: CLINICAL,
    ready: programsLoaded,
    states: PROGRAM_STATES,
  },
  {
    name: "respondents",
    path: "/clinician/respondents",
    roles: CLINICAL,
    ready: (p) => firstRecord(p, "Respondents"),
  },
  {
    name: "patient list",
    path: "/clinician/patients",
    roles: CLINICAL,
    ready: (p) => firstRecord(p, "Patients"),
    states: LAYOUT_STATES,
  },
  {
    name: "patient view",
    path: (f) => f.patientPath,
    roles: CLINICAL,
    ready: chartDrawn,
    states: [
      {
        name: "assign-measure dialog",
        roles: WRITERS,
        open: (p) => openDialog(p, "Assign measure", "Assign measure"),
      },
      { name: "choose-charts dialog", open: (p) => openDialog(p, "Choose charts", "Choose charts") },
    ],
  },
  // The chart's other tabs (the patient view above opens its Measures tab), through the patient page's ?tab=.
  {
    name: "chart: alerts tab",
    path: (f) => `${f.patientPath}?tab=alerts`,
    roles: CLINICAL,
    ready: (p) => p.getByRole("tabpanel").getByRole("heading", { name: "Alerts" }),
  },
  {
    name: "chart: information tab",
    path: (f) => `${f.patientPath}?tab=information`,
    roles: CLINICAL,
    ready: (p) => p.getByRole("list", { name: "Respondents" }).getByRole("listitem").first(),
  },
  {
    name: "chart: measures list tab",
    // Jordan's chart: a scheduled measure, so its change dialogs can be opened.
    path: (f) => `${f.jordanPath}?tab=measures-list`,
    roles: CLINICAL,
    ready: (p) =>
      p
        .getByRole("table", { name: /^Measures list of / })
        .first()
        .or(p.getByRole("list", { name: /^Measures list of / }).first()),
    states: [
      {
        name: "change-frequency dialog",
        roles: WRITERS,
        open: (p) => openDialog(p, /^Change frequency of /, /^Change frequency: /),
      },
      { name: "remove dialog", roles: WRITERS, open: (p) => openDialog(p, /^Remove /, /^Remove measure: /) },
    ],
  },
  {
    name: "chart: programs tab",
    // Shown while the clinic uses programs (programs_enabled, on by default): admissions and Add to program.
    path: (f) => `${f.jordanPath}?tab=programs`,
    roles: CLINICAL,
    ready: (p) => p.getByRole("tabpanel").getByRole("heading", { name: "Programs" }),
    states: [
      { name: "add-to-program dialog", roles: WRITERS, open: (p) => openDialog(p, "Add to program", "Add to program") },
    ],
  },
  {
    name: "chart: insurance tab",
    // Jordan's chart: the demo seed gives him a primary and a secondary insurance (demo-insurance.ts).
    path: (f) => `${f.jordanPath}?tab=insurance`,
    roles: CLINICAL,
    ready: (p) => p.getByRole("heading", { name: "Secondary insurance" }),
    states: [
      {
        name: "edit form",
        roles: WRITERS,
        open: async (p) => {
          await p.getByRole("button", { name: "Edit insurance" }).click();
          await p.getByRole("heading", { name: "Edit insurance" }).waitFor();
        },
      },
    ],
  },
  { name: "patient add", path: "/clinician/patients/add", roles: WRITERS },
  { name: "patient edit", path: (f) => `${f.patientPath}/edit`, roles: WRITERS },
  { name: "respondent add", path: (f) => `${f.patientPath}/respondent/add`, roles: WRITERS },
  { name: "respondent edit", path: (f) => f.respondentEditPath, roles: WRITERS },
  {
    name: "session report",
    path: (f) => f.reportPath,
    roles: CLINICAL,
    ready: chartDrawn,
    states: [
      {
        name: "acknowledge dialog",
        roles: WRITERS,
        open: (p) => openDialog(p, /Acknowledge alert/, "Acknowledge alert"),
      },
    ],
  },
  // The print pages (issue 14) as a signed-in clinician's on-screen print view: what the PDF renderer
  // draws, once its readiness signal is up (every chart drawn).
  { name: "session report print page", path: (f) => `${f.reportPath}/pdf`, roles: CLINICAL, ready: pdfReady },
  {
    name: "progress report print page (whole chart)",
    path: (f) => `${f.reportPath.replace(/\/measures\/\d+$/, "/pdf")}?respondents=all`,
    roles: CLINICAL,
    ready: pdfReady,
  },
  {
    name: "alert list",
    path: "/clinician/alert-list",
    roles: CLINICAL,
    states: [
      {
        name: "acknowledge dialog",
        roles: WRITERS,
        open: (p) => openDialog(p, /Acknowledge alert/, "Acknowledge alert"),
      },
    ],
  },
  { name: "measure library", path: "/clinician/measures", roles: CLINICAL },
  { name: "measure detail", path: (f) => f.measureDetailPath, roles: CLINICAL },
  { name: "audition: age", path: (f) => f.auditionPath, roles: CLINICAL },
  { name: "audition: questionnaire", path: (f) => `${f.auditionPath}/questionnaire`, roles: CLINICAL },
  { name: "audition: report", path: (f) => `${f.auditionPath}/report`, roles: CLINICAL },
  { name: "clinician 404", path: "/clinician/no-such-page", roles: CLINICAL },
];

/** The demo's Intensive Outpatient Program on the chart titles screen: its charts shown (idempotent). */
async function openProgramCharts(page: Page): Promise<void> {
  const control = page.getByRole("button", { name: /^Intensive Outpatient Program/ });
  if ((await control.getAttribute("aria-expanded")) !== "true") await control.click();
  await page.getByRole("button", { name: "Edit Score over time for Intensive Outpatient Program" }).waitFor();
}

const ADMIN: AxeRole[] = ["admin"];
const STAFF_LEVEL: AxeRole[] = ["admin", "staff"];

export const SETTINGS_ROUTES: RouteCase[] = [
  { name: "settings: clinical users", path: "/settings/clinical-users", roles: ADMIN },
  { name: "settings: clinical user add", path: "/settings/clinical-users/add", roles: ADMIN },
  { name: "settings: clinical user edit", path: (f) => f.clinicalUserEditPath, roles: ADMIN },
  { name: "settings: teams", path: "/settings/clinical-team", roles: ADMIN },
  { name: "settings: team add", path: "/settings/clinical-team/add", roles: ADMIN },
  { name: "settings: team edit", path: (f) => f.teamEditPath, roles: ADMIN },
  { name: "settings: locations", path: "/settings/locations", roles: ADMIN },
  { name: "settings: location add", path: "/settings/locations/add", roles: ADMIN },
  {
    name: "settings: location edit",
    path: (f) => f.locationEditPath,
    roles: ADMIN,
    states: [{ name: "success toast", open: (p) => saveForToast(p, /Save location/) }],
  },
  { name: "settings: programs", path: "/settings/programs", roles: ADMIN, ready: (p) => firstRecord(p, "Programs") },
  { name: "settings: program add", path: "/settings/programs/add", roles: ADMIN },
  {
    name: "settings: program edit",
    path: (f) => f.programEditPath,
    roles: ADMIN,
    ready: (p) => p.getByRole("button", { name: /^Remove PHQ-9/ }).first(),
    states: [{ name: "remove measure dialog", open: (p) => openDialog(p, /^Remove PHQ-9/, "Remove measure") }],
  },
  {
    name: "settings: program add measure",
    path: (f) => f.programEditPath.replace(/\/edit$/, "/add-measure"),
    roles: ADMIN,
  },
  {
    name: "settings: program types",
    path: "/settings/program-types",
    roles: ADMIN,
    ready: (p) => firstRecord(p, "Program types"),
  },
  { name: "settings: program type add", path: "/settings/program-types/add", roles: ADMIN },
  { name: "settings: program type edit", path: (f) => f.programTypeEditPath, roles: ADMIN },
  {
    name: "settings: chart titles",
    path: "/settings/chart-texts",
    roles: ADMIN,
    ready: (p) => p.getByRole("button", { name: /^Intensive Outpatient Program/ }),
    states: [
      { name: "a program's charts", open: openProgramCharts },
      {
        name: "edit chart text dialog",
        open: async (p) => {
          await openProgramCharts(p);
          await openDialog(
            p,
            "Edit Score over time for Intensive Outpatient Program",
            "Score over time: Intensive Outpatient Program",
          );
        },
      },
    ],
  },
  { name: "settings: general", path: "/settings/general", roles: ADMIN },
  { name: "settings: outbox", path: "/settings/outbox", roles: ADMIN },
  {
    name: "settings: audit log",
    path: "/settings/audit-log",
    roles: ADMIN,
    ready: (p) => firstRecord(p, "Audit log"),
  },
  { name: "settings: patient users", path: "/settings/patient-users", roles: STAFF_LEVEL },
  {
    name: "settings: patient user view",
    path: (f) => f.patientUserPath,
    roles: STAFF_LEVEL,
    ready: (p) => p.getByRole("heading", { name: "Linked patients" }),
  },
  { name: "settings: patient user edit", path: (f) => `${f.patientUserPath}/edit`, roles: STAFF_LEVEL },
  { name: "settings 404", path: "/settings/no-such-page", roles: STAFF_LEVEL },
];

/** The respondent's questionnaire address is read from their session list (every-route-axe.e2e.ts). */
/** Roles with analytics.usage or analytics.outcomes (role.json): the usage dashboards (issue 13 §4). */
const ANALYTICS: AxeRole[] = ["admin", "supervisor", "director"];
/** A usage screen once its first panel has loaded: a table (cards on a phone), or the sentence of an empty range. */
const usageLoaded = (p: Page) =>
  p
    .getByRole("table")
    // On a phone a schema table is a list of cards, named like the table.
    .or(p.getByRole("list", { name: / table$/ }))
    .or(p.getByText(/in these dates/))
    .first();

/** The outcomes explorer's query run over every program's PHQ-9: its records table and hash shown. */
async function runExplorerQuery(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Select all programs/ }).click();
  await page.getByLabel("Measures", { exact: true }).click();
  await page.getByRole("option", { name: "PHQ-9", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Run query" }).click();
  await page.getByText(/^[\d,]+ records found$/).waitFor();
}

/** The same query exported (issue 13 §5): the exports list with a row and its status, the 4-second tooltip. */
async function exportExplorerQuery(page: Page): Promise<void> {
  const exportButton = page.getByRole("button", { name: "Export records" });
  // The records of the state before are still on screen; a fresh page runs the query first.
  if (!(await exportButton.isVisible())) await runExplorerQuery(page);
  await exportButton.click();
  await page.getByRole("table", { name: "Your exports" }).waitFor();
}

export const ANALYTICS_ROUTES: RouteCase[] = [
  {
    name: "outcomes explorer",
    path: "/analytics/outcomes-explorer",
    roles: ["director"],
    states: [
      { name: "records of a query", open: runExplorerQuery },
      { name: "an export in the exports list", open: exportExplorerQuery },
    ],
  },
  { name: "usage: patients", path: "/analytics/usage/patients", roles: ANALYTICS, ready: usageLoaded },
  { name: "usage: clinical", path: "/analytics/usage/clinical", roles: ANALYTICS, ready: usageLoaded },
  { name: "usage: measures", path: "/analytics/usage/measures", roles: ANALYTICS, ready: usageLoaded },
];

export const RESPONDENT_ROUTES: RouteCase[] = [
  { name: "session list", path: "/session", roles: ["respondent"], states: [LAYOUT_STATES[0]] },
  { name: "questionnaire", path: (f) => f.questionnairePath, roles: ["respondent"] },
  { name: "results sent", path: "/session/results-sent", roles: ["respondent"] },
  { name: "no sessions", path: "/no-sessions", roles: ["respondent"] },
  { name: "my account: contact info", path: "/my-account/contact-info", roles: ["respondent"] },
  { name: "my account: edit username", path: "/my-account/edit-username", roles: ["respondent"] },
  { name: "my account: change password", path: "/my-account/change-password", roles: ["respondent"] },
  { name: "my account 404", path: "/my-account/no-such-page", roles: ["respondent"] },
];

const EVERYONE: AxeRole[] = ["anonymous", ...CLINICAL, "respondent"];

export const SYSTEM_ROUTES: RouteCase[] = [
  { name: "404", path: "/no-such-page", roles: EVERYONE },
  { name: "maintenance", path: "/maintenance", roles: ["anonymous"] },
];

export const ALL_ROUTES: RouteCase[] = [
  ...ANONYMOUS_ROUTES,
  ...CLINICIAN_ROUTES,
  ...SETTINGS_ROUTES,
  ...ANALYTICS_ROUTES,
  ...RESPONDENT_ROUTES,
  ...SYSTEM_ROUTES,
];

export const defaultReady = h1;
