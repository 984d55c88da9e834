import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newContext } from "./chromium.ts";
import { signIn, signOut } from "./session.ts";

describe("signing in and out", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("refuses a wrong password with the server's message and stays on the login page", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await page.goto("/security/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel("Username").fill("clinician");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("The username or password is incorrect.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/security/login");
    await page.context().close();
  });

  it("remembers where an anonymous user was going, returns there after sign-in, and signs out", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await page.goto("/clinician/patients/add");
    await page.waitForURL("**/security/login**");
    await page.getByLabel("Username").fill("clinician");
    await page.getByLabel("Password", { exact: true }).fill("Demo#2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/clinician/patients/add");
    await signOut(page);
    // Signed out means the protected page is closed again.
    await page.goto("/clinician/patients");
    await page.waitForURL("**/security/login**");
    await page.context().close();
  });

  it("sends a signed-in user away from the login page and shows the 404 page for unknown routes", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "staff");
    await page.goto("/security/login");
    await page.waitForURL((url) => !url.pathname.startsWith("/security"));
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expect(page.getByRole("link", { name: "Go to your home page" }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });
});
