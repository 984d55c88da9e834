import type { Locator, Page } from "playwright-core";

/** Where the page is and what it says: enough to tell a slow screen from an error screen. */
async function describePage(page: Page): Promise<string> {
  const text = await page
    .locator("body")
    .innerText({ timeout: 5_000 })
    .catch(() => "(the page's text could not be read)");
  return `at ${page.url()}, showing: ${text.replace(/\s+/g, " ").slice(0, 400)}`;
}

/**
 * Waits for `locator` and, when it does not come, fails with what the page showed instead: a
 * bare timeout cannot say whether the screen was still loading or showed an error.
 */
export async function waitOrDescribe(page: Page, locator: Locator, timeout: number): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (err) {
    throw new Error(`${(err as Error).message.split("\n")[0]} — ${await describePage(page)}`);
  }
}
