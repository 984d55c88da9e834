import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium. Never a downloaded browser: this machine has no network for that. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's package: apt-get install chromium ` +
        "(or set CHROMIUM_PATH). The end-to-end tests never download a browser.",
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // As root in a sandboxless container, and with no network beyond localhost.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** The review size of a clinic laptop (the accessibility test looks at every screen at it and at PHONE). */
export const DESKTOP_WIDE = { width: 1366, height: 900 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: "en-US", timezoneId: "America/New_York" });
}
