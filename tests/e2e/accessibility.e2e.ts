import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP_WIDE, launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Every screen the entity engine renders (the generic list, edit and view pages, and the
 * general settings form) passes axe (WCAG 2.1 AA) with no serious or critical violation, at a
 * laptop's size and a phone's. Screenshots go to E2E_SCREENSHOTS when set, for a person to look.
 */

interface Screen {
  name: string;
  /** Where the screen is, or the list whose first record to open (the page that record links to). */
  path: string;
  openFirstRow?: boolean;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => ReturnType<Page["getByRole"]>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });

const SCREENS: Screen[] = [
  { name: "patient list", path: "/clinician/patients", ready: heading("Patients") },
  {
    name: "patient view",
    path: "/clinician/patients",
    openFirstRow: true,
    // The last section to load: the chart's "Opened by" panel from the audit trail.
    ready: (p) => p.getByRole("heading", { name: "Opened by" }),
  },
  {
    name: "patient add",
    path: "/clinician/patients/add",
    ready: (p) => p.getByRole("button", { name: "Save patient" }),
  },
  { name: "location list", path: "/settings/locations", ready: heading("Locations") },
  {
    name: "location edit",
    path: "/settings/locations",
    openFirstRow: true,
    ready: (p) => p.getByRole("button", { name: "Save location" }),
  },
  { name: "team list", path: "/settings/clinical-team", ready: heading(/team/i) },
  {
    name: "team edit",
    path: "/settings/clinical-team",
    openFirstRow: true,
    ready: (p) => p.getByRole("button", { name: /Save/ }),
  },
  { name: "clinical user list", path: "/settings/clinical-users", ready: heading(/Clinical users/i) },
  {
    name: "clinical user edit",
    path: "/settings/clinical-users",
    openFirstRow: true,
    ready: (p) => p.getByRole("button", { name: /Save/ }),
  },
  { name: "patient user list", path: "/settings/patient-users", ready: heading(/Patient users/i) },
  {
    name: "patient user view",
    path: "/settings/patient-users",
    openFirstRow: true,
    ready: (p) => p.getByRole("heading", { name: "Linked patients" }),
  },
  { name: "general settings", path: "/settings/general", ready: (p) => p.getByRole("button", { name: /Save/ }) },
  {
    name: "audit log",
    path: "/settings/audit-log",
    ready: (p) =>
      p
        .getByRole("table", { name: "Audit log" })
        .getByRole("row")
        .nth(1)
        .or(p.getByRole("list", { name: "Audit log" }).getByRole("listitem").first()),
  },
];

describe.each([
  { size: "desktop", viewport: DESKTOP_WIDE },
  { size: "phone", viewport: PHONE },
])("accessibility of the entity screens ($size)", ({ size, viewport }) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await newContext(browser, inject("baseUrl"), viewport)).newPage();
    await signIn(page, "admin");
  });
  afterAll(async () => browser?.close());

  it.each(SCREENS)("$name has no serious or critical axe violation", async (screen) => {
    await page.goto(screen.path);
    if (screen.openFirstRow) {
      // A table on a laptop; on a phone the same rows are cards (SchemaTableCards).
      const first = page.locator("table tbody a, ul.schema-table-cards a").first();
      await first.waitFor();
      await first.click();
    }
    await screen.ready(page).first().waitFor({ timeout: 20_000 });
    if (process.env.E2E_SCREENSHOTS) {
      const file = `${process.env.E2E_SCREENSHOTS}/${screen.name.replace(/ /g, "-")}-${size}.png`;
      await page.screenshot({ path: file, fullPage: true });
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
