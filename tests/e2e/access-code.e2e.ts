import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newContext, PHONE } from "./chromium.ts";
import { deliveredMessages } from "./delivered-messages.ts";

/** Morgan Rivera (login `parent`, src/server/seed/demo-respondents.ts): mother of two demo patients. */
const MORGAN_EMAIL = "morgan.rivera@example.com";

/**
 * The newest access code sent to an address after `since` (id of the newest message before the
 * request), read as the mail server would get it (delivered-messages.ts): the admin outbox
 * shows codes masked, and the e2e server has no mail server.
 */
async function latestCode(recipient: string, since: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const rows = await deliveredMessages(inject("messageReaderUrl"));
    const message = rows.find((r) => r.id > since && r.purpose === "access_code" && r.recipient === recipient);
    const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no access code for ${recipient} among the stored messages`);
}

async function newestMessageId(): Promise<number> {
  return (await deliveredMessages(inject("messageReaderUrl")))[0]?.id ?? 0;
}

async function requestCode(page: Page, identifier: string) {
  await page.goto("/security/login");
  await page.getByRole("link", { name: "Sign in with an access code" }).click();
  await page.getByRole("heading", { name: "Sign in with an access code" }).waitFor();
  await page.getByLabel("Username, email or mobile number").fill(identifier);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByRole("heading", { name: "Enter your access code" }).waitFor();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Access code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function expectTwoAccounts(page: Page) {
  await page.getByRole("heading", { name: "Select an account" }).waitFor();
  const accounts = page.getByRole("list", { name: "Accounts" }).getByRole("button");
  await expect(accounts.count()).resolves.toBe(2);
  const texts = await accounts.allTextContents();
  expect(texts.some((t) => t.includes("Jordan Rivera"))).toBe(true);
  expect(texts.every((t) => t.includes("As Morgan Rivera, mother"))).toBe(true);
  return accounts;
}

async function expectRespondentHome(page: Page) {
  await page.waitForURL((url) => url.pathname === "/session" || url.pathname === "/no-sessions", { timeout: 20_000 });
  // Signed in: the respondent area's header carries the account menu.
  await page.getByRole("button", { name: "Account" }).waitFor();
}

describe("access-code sign-in for respondents", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("a parent of two patients requests a code by email, enters it, picks one account and lands home", async () => {
    const baseUrl = inject("baseUrl");
    const page = await (await newContext(browser, baseUrl)).newPage();
    const since = await newestMessageId();
    await requestCode(page, MORGAN_EMAIL);
    await page.getByText("If we found your account, we sent an access code to it.").waitFor();
    const code = await latestCode(MORGAN_EMAIL, since);
    await enterCode(page, code);
    const accounts = await expectTwoAccounts(page);
    await accounts.filter({ hasText: "Jordan Rivera" }).click();
    await expectRespondentHome(page);
    // A code works once: the same code is refused afterwards.
    const again = await fetch(new URL("/api/security/validate-access-code", baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: MORGAN_EMAIL, code }),
    });
    expect(again.status).toBe(400);
    await page.context().close();
  });

  it("at phone size, by username: a wrong code is refused, the right one opens the select-account screen", async () => {
    const baseUrl = inject("baseUrl");
    const page = await (await newContext(browser, baseUrl, PHONE)).newPage();
    const since = await newestMessageId();
    await requestCode(page, "parent");
    const code = await latestCode(MORGAN_EMAIL, since);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await enterCode(page, wrong);
    await page.getByText("That access code is not valid or has expired. Request a new code.").waitFor();
    await enterCode(page, code);
    const accounts = await expectTwoAccounts(page);
    await accounts.filter({ hasNotText: "Jordan Rivera" }).click();
    await expectRespondentHome(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
