import type { Page } from "playwright-core";

/** The demo clinic's zone (general settings default), which is also the browser's (chromium.ts). */
const CLINIC_ZONE = "America/New_York";

/** Today on the clinic's calendar, YYYY-MM-DD. */
export const clinicToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_ZONE }).format(new Date());

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A calendar day as the app writes it ("Nov 25, 2026"). */
export const dayText = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/**
 * Jordan's questionnaire list, through the privacy agreement when it shows. It shows once per
 * respondent, and the e2e files share one server in an order vitest picks (by size on a clean
 * clone), so another file may have accepted it already. The gate itself is tested in
 * tests/client/pages/measures/agreement-gate.test.tsx.
 */
export async function reachJordansHome(page: Page): Promise<void> {
  const agreement = page.getByRole("heading", { name: "Privacy agreement" });
  const hello = page.getByRole("heading", { name: "Hello, Jordan" });
  await agreement.or(hello).first().waitFor();
  if (await agreement.isVisible()) {
    await page.getByLabel("I have read and accept the privacy agreement").check();
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await hello.waitFor();
}

/**
 * As the signed-in demo respondent (Jordan), answers every open questionnaire with this respondent
 * title due on `day`, one after another from the session list, choosing `choice` where a question
 * offers it and otherwise its first (mildest) answer; accepts the privacy agreement if it is asked.
 * Other e2e files may have left some due that day too: all are answered. Returns how many.
 */
export async function answerAllDue(page: Page, opts: { title: string; day: string; choice: string }): Promise<number> {
  const open = page.getByRole("link", {
    name: new RegExp(`^(Start|Continue) ${opts.title}, due ${dayText(opts.day)}$`),
  });
  for (let answered = 0; ; answered++) {
    await page.goto("/session");
    await reachJordansHome(page);
    await page.getByRole("link").first().waitFor();
    if ((await open.count()) === 0) return answered;
    await open.first().click();
    await page.getByRole("heading", { level: 1, name: opts.title }).waitFor();
    await answerEveryPage(page, opts.choice);
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
  }
}

async function answerEveryPage(page: Page, choice: string): Promise<void> {
  const submit = page.getByRole("button", { name: "Submit" });
  const next = page.getByRole("button", { name: "Next" });
  for (;;) {
    const groups = page.getByRole("radiogroup");
    await groups.first().waitFor();
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      const chosen = group.getByRole("radio", { name: choice, exact: true });
      await ((await chosen.count()) > 0 ? chosen : group.getByRole("radio").first()).check();
    }
    await page.getByRole("status").filter({ hasText: "All answers saved" }).waitFor();
    if (await submit.isVisible()) {
      await submit.click();
      return;
    }
    await next.click();
  }
}
