import type { Page } from "playwright-core";
import { expect } from "vitest";

export const DEMO_PASSWORD = "Demo#2026!";

/** Signs in through the login page as a person would, and waits to leave it. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/security/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/security"), { timeout: 20_000 });
}

export async function signOut(page: Page): Promise<void> {
  const direct = page.getByRole("button", { name: "Sign out" });
  if (!(await direct.isVisible())) await page.getByRole("button", { name: "Account" }).click();
  await page
    .getByRole("button", { name: "Sign out" })
    .or(page.getByRole("menuitem", { name: "Sign out" }))
    .first()
    .click();
  await page.waitForURL("**/security/login");
  expect(new URL(page.url()).pathname).toBe("/security/login");
}
