import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import {
  ALL_ROUTES,
  type AxeRole,
  defaultReady,
  type Found,
  ROLE_LOGIN,
  type RouteCase,
  type ScreenState,
} from "./axe-routes.ts";
import { DESKTOP_WIDE, launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Every route of the app (axe-routes.ts), as every role that may open it, at a laptop's size and a
 * phone's, has no serious or critical axe (WCAG 2.1 AA) violation; nor do its dialogs and toasts,
 * the privacy agreement a respondent sees first, and the inactivity warning. One browser, one
 * context per role and size, one sign-in each. A failure names size, role, screen, address, rule
 * and the element.
 */

const ROLES: AxeRole[] = ["anonymous", "admin", "supervisor", "clinician", "staff", "director", "respondent"];
// On a phone the screens differ by layout, not by role: supervisor, staff and director see the
// clinician's and admin's screens with other rows, and their desktop pass already checks those.
// Leaving them out at phone size keeps the CI run inside its time budget.
const PHONE_ROLES: AxeRole[] = ["anonymous", "admin", "clinician", "respondent"];
// A screen's dialogs, toasts and menus are the same components whoever opens them. The other staff
// roles' walks check their screens, whose rows and buttons differ by role, and open a dialog only
// when none of these roles may (the explorer's, the director's alone): opening each dialog again,
// and reloading the app after it, was a good part of those three walks' time.
const STATE_ROLES: AxeRole[] = PHONE_ROLES;
const SIZES = [
  { size: "desktop", viewport: DESKTOP_WIDE, roles: ROLES },
  { size: "phone", viewport: PHONE, roles: PHONE_ROLES },
];

/**
 * How long a screen may take to show its data. A few seconds on an idle machine; but on a slow CI
 * day five walks, the other test leg and the server share two cores, and the patient view's first
 * chart (Plotly, loaded lazily) took more than 20 s to draw in three walks at once.
 */
const SCREEN_TIMEOUT = 60_000;

let browser: Browser;
let found: Found;
/** Violations on the privacy agreement, the one screen a respondent sees only once (checked while finding addresses). */
let agreementViolations: string[] = [];

async function signedInPage(role: AxeRole, viewport = DESKTOP_WIDE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, inject("baseUrl"), viewport);
  const page = await context.newPage();
  trackRequests(page);
  if (role !== "anonymous") await signIn(page, ROLE_LOGIN[role]);
  return { context, page };
}

async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path);
  const link = page.locator(selector).first();
  await link.waitFor({ timeout: SCREEN_TIMEOUT });
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`No link ${selector} on ${path}`);
  return new URL(href, page.url()).pathname;
}

/** A questionnaire for the demo respondent to open (Jordan Rivera, MRN1001, is the clinician's patient). */
async function assignGad7ToJordan(): Promise<void> {
  const { context, page } = await signedInPage("clinician");
  await page.goto("/clinician/patients?search=MRN1001");
  await page.getByRole("link", { name: "Jordan Rivera" }).click();
  await page.getByRole("button", { name: "Assign measure" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign measure" });
  const measure = dialog.getByLabel("Measure");
  const gad7 = measure.locator("option", { hasText: /^GAD-7 — / });
  await gad7.waitFor({ state: "attached" });
  await measure.selectOption({ label: (await gad7.textContent()) ?? "" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await page.getByText(/GAD-7 assigned to Jordan Rivera/).waitFor();
  await context.close();
}

/** Addresses of seeded records, read from the app's links: a chart the clinician (so also the supervisor) sees. */
async function findRecords(): Promise<Found> {
  const clinician = await signedInPage("clinician");
  const c = clinician.page;
  const reportPath = await firstHref(c, "/clinician/alert-list", 'main a[href^="/assignment/"]');
  const patientPath = new URL(
    (await c.locator('main a[href*="/clinician/patients/patient/"]').first().getAttribute("href")) ?? "",
    c.url(),
  ).pathname;
  // Jordan Rivera's chart (MRN1001) has a respondent besides himself (his mother), whose page edits;
  // the chart of the first listed alert may have only the patient, who is edited with the chart.
  const jordanPath = await firstHref(
    c,
    "/clinician/patients?search=MRN1001",
    'main a[href*="/clinician/patients/patient/"]',
  );
  const respondentEditPath = await firstHref(
    c,
    `${jordanPath}?tab=information`,
    'main a[href*="/respondent/"][href$="/edit"]',
  );
  const measureDetailPath = await firstHref(c, "/clinician/measures", 'main a[href^="/clinician/measures/library/"]');
  const auditionPath = await firstHref(c, measureDetailPath, 'main a[href^="/measures/audition/"]');
  await clinician.context.close();

  const admin = await signedInPage("admin");
  const a = admin.page;
  const row = 'main table tbody a, main [role="list"] a';
  const clinicalUserEditPath = await firstHref(a, "/settings/clinical-users", row);
  const teamEditPath = await firstHref(a, "/settings/clinical-team", row);
  const locationEditPath = await firstHref(a, "/settings/locations", row);
  const programEditPath = await firstHref(a, "/settings/programs", row);
  const programTypeEditPath = await firstHref(a, "/settings/program-types", row);
  const patientUserPath = await firstHref(a, "/settings/patient-users", row);
  await admin.context.close();

  const respondent = await signedInPage("respondent");
  const r = respondent.page;
  const home = r.locator('a[href^="/session/measure/"]').first();
  await r.getByRole("heading", { level: 1 }).first().waitFor({ timeout: SCREEN_TIMEOUT });
  if (!(await home.isVisible())) {
    // Nothing due yet (the seeded PHQ-9 opens later): the clinician assigns a GAD-7, due today.
    await assignGad7ToJordan();
    await r.goto("/session");
  }
  const agreement = r.getByRole("heading", { name: "Privacy agreement" });
  await agreement.or(home).first().waitFor({ timeout: SCREEN_TIMEOUT });
  if (await agreement.isVisible()) {
    agreementViolations = (await seriousViolations(r)).map((v) => `desktop · respondent · privacy agreement: ${v}`);
    await r.getByRole("checkbox", { name: /accept the privacy agreement/ }).check();
    await r.getByRole("button", { name: "Continue" }).click();
  }
  await home.waitFor({ timeout: SCREEN_TIMEOUT });
  const questionnairePath = new URL((await home.getAttribute("href")) ?? "", r.url()).pathname;
  await respondent.context.close();

  return {
    patientPath,
    jordanPath,
    reportPath,
    respondentEditPath,
    measureDetailPath,
    auditionPath,
    clinicalUserEditPath,
    teamEditPath,
    locationEditPath,
    programEditPath,
    programTypeEditPath,
    patientUserPath,
    questionnairePath,
  };
}

/** Requests in flight per page, so a screen is checked once its data and lazy chunks have arrived. */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on("request", (r) => open.add(r));
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
}

async function quiet(page: Page): Promise<void> {
  const open = inFlight.get(page) ?? new Set();
  for (let idle = 0, waited = 0; idle < 3 && waited < 10_000; waited += 50) {
    idle = open.size === 0 ? idle + 1 : 0;
    await page.waitForTimeout(50);
  }
}

/**
 * Opens a screen inside the running app (as a link would) rather than reloading it: the app starts
 * once per role and size, which keeps some 200 checks to a few minutes. A reload only when asked
 * (after a dialog or toast, so none is left over on the next screen) or when the app is not loaded.
 */
async function open(page: Page, path: string, reload: boolean): Promise<void> {
  if (reload || !page.url().startsWith("http")) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // The new screen's chunk and data requests start within a frame; the old screen may still show
  // until then. settle() then waits for them to end.
  await page.waitForTimeout(100);
}

/** Waits for opening and fading transitions to end: a half-faded text would fail contrast for no reason. */
async function stillness(page: Page): Promise<void> {
  await page.waitForTimeout(50);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, { timeout: 5_000 })
    .catch(() => {});
}

/** Waits for the screen's data: its ready element, then no request in flight and no spinner. */
async function settle(page: Page, route: RouteCase): Promise<void> {
  await (route.ready ?? defaultReady)(page).first().waitFor({ timeout: SCREEN_TIMEOUT });
  await quiet(page);
  const loader = page.locator(".mantine-Loader-root").first();
  if (await loader.isVisible()) {
    // What the spinner waited for may start more requests (a chart's lazy chunk, its data).
    await loader.waitFor({ state: "hidden", timeout: 10_000 }).catch(() => {});
    await quiet(page);
  }
  await stillness(page);
}

/** Each violation as one line: where (size, role, screen, address, state), then axe's rule and element. */
async function violationsAt(page: Page, where: string): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${where}: ${v}`);
}

beforeAll(async () => {
  browser = await launchChromium();
  found = await findRecords();
});
afterAll(async () => browser?.close());

it("the privacy agreement a respondent accepts first has no serious or critical axe violation", () => {
  expect(agreementViolations).toEqual([]);
});

/** One walk per size and role: its own context and sign-in, every route that role may open, in order. */
const WALKS = SIZES.flatMap(({ size, viewport, roles }) => roles.map((role) => ({ size, viewport, role })));
// A walk at a slow CI's pace: some 45 routes at a few seconds each, beside the other walks.
const WALK_TIMEOUT = 900_000;

/** The states (dialogs, toasts, menus) of a route this role's walk opens: see STATE_ROLES. */
function statesFor(route: RouteCase, role: AxeRole): ScreenState[] {
  return (route.states ?? []).filter((state) => {
    const allowed = (state.roles ?? route.roles).filter((r) => route.roles.includes(r));
    if (!allowed.includes(role)) return false;
    return STATE_ROLES.includes(role) || !allowed.some((r) => STATE_ROLES.includes(r));
  });
}

/** Checks one route (and its states) on the walk's page; its violations, one line each. */
async function checkRoute(page: Page, route: RouteCase, role: AxeRole, where: string): Promise<string[]> {
  await settle(page, route);
  const failures = await violationsAt(page, where);
  for (const state of statesFor(route, role)) {
    if ((await state.open(page)) === false) continue;
    await stillness(page);
    failures.push(...(await violationsAt(page, `${where} with ${state.name}`)));
    await page.keyboard.press("Escape");
    await stillness(page);
  }
  return failures;
}

/*
 * The walks run side by side (it.concurrent, vitest's maxConcurrency at a time), each route after
 * the other within a walk. A check mostly waits (for the app to fetch and render, for transitions
 * to end): one walk at a time kept about a third of a core busy, and the file took five minutes.
 * Each route is its own soft assertion, so one failing screen does not hide the next.
 */
describe("every route as every role that may open it", () => {
  // Concurrent tests assert with their own context's expect, so each failure lands on its walk.
  it.concurrent.for(WALKS)(
    "at $size size as $role: no screen has a serious or critical axe violation",
    { timeout: WALK_TIMEOUT },
    async ({ size, viewport, role }, { expect }) => {
      const { context, page } = await signedInPage(role, viewport);
      let reload = true;
      let checked = 0;
      try {
        for (const route of ALL_ROUTES.filter((r) => r.roles.includes(role))) {
          const path = typeof route.path === "string" ? route.path : route.path(found);
          const where = `${size} · ${role} · ${route.name} (${path})`;
          // A screen that did not settle (a wait timed out) is opened once more, reloaded: on a slow
          // CI machine five walks share two cores with the server. One that fails again is reported.
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            try {
              await open(page, path, reload);
              // A reload after a screen with dialogs or toasts, so none is left over on the next.
              reload = statesFor(route, role).length > 0;
              expect.soft(await checkRoute(page, route, role, where), where).toEqual([]);
              checked += 1;
              break;
            } catch (error) {
              reload = true;
              const message = `${where}: ${(error as Error).message.split("\n")[0]}`;
              // The message is the label too, so the first line of the failure (all a CI summary keeps) says it.
              if (attempt === 2) expect.soft([message], message).toEqual([]);
              else console.warn(`opening again after: ${message}`);
            }
          }
        }
      } finally {
        await context.close();
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it.concurrent.for(SIZES)(
    "at $size size: the inactivity warning has no serious or critical axe violation",
    async ({ size, viewport }, { expect }) => {
      // The short-session server warns after 6 s without activity (global-setup.ts).
      const context = await newContext(browser, inject("shortSessionUrl"), viewport);
      const page = await context.newPage();
      await signIn(page, "clinician");
      await page.getByRole("dialog", { name: "Are you still there?" }).waitFor({ timeout: SCREEN_TIMEOUT });
      await stillness(page);
      const failures = await violationsAt(page, `${size} · clinician · inactivity warning`);
      await context.close();
      expect(failures).toEqual([]);
    },
  );
});
