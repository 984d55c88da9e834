import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

// Runs against the server whose session_configuration is 16 s timeout / 6 s warning (global-setup.ts).
describe("inactivity", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("warns with a countdown, stays signed in on request, then signs out when left alone", async () => {
    const page = await (await newContext(browser, inject("shortSessionUrl"))).newPage();
    await signIn(page, "clinician");
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByText(/You will be signed out in \d+ seconds/).waitFor();
    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Left alone: the prompt comes back and, at zero, the user lands on the login page.
    await dialog.waitFor({ timeout: 20_000 });
    await page.waitForURL("**/security/login**", { timeout: 30_000 });
    await page.context().close();
  });
});
