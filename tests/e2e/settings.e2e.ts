import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newContext, PHONE } from "./chromium.ts";
import { deliveredMessages } from "./delivered-messages.ts";
import { signIn, signOut } from "./session.ts";

/** Picks an option of a searchable multi-select by its visible name, as a person would. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

async function openSettingsSection(page: Page, section: string) {
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: section }).click();
}

// Unique per run: the demo server is shared by every e2e file.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const locationName = `Harbor Clinic ${run}`;
const firstName = "Avery";
const lastName = `Newhire${run}`;
const fullName = `${firstName} ${lastName}`;
const email = `avery.${run.toLowerCase()}@example.org`;
const teamName = `Harbor Team ${run}`;
const username = `avery${run.toLowerCase()}`;
const password = "Harbor#2026x";

describe("settings", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("an admin adds a location, a clinician and a team, invites the clinician, who sets up the account from the outbox link and signs in", async () => {
    const admin = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(admin, "admin");

    // /settings sends an admin to the clinical users.
    await admin.getByRole("link", { name: "Settings" }).first().click();
    await admin.getByRole("heading", { name: "Clinical users" }).waitFor();
    expect(new URL(admin.url()).pathname).toBe("/settings/clinical-users");

    // A location, with its state picked from the list.
    await openSettingsSection(admin, "Locations");
    await admin.getByRole("link", { name: "Add location" }).click();
    await admin.getByRole("button", { name: "Save location" }).click();
    await admin.getByText("Name is required").waitFor();
    await admin.getByLabel("Name", { exact: true }).fill(locationName);
    await admin.getByLabel("Address line 1").fill("1 Harbor Way");
    await admin.getByLabel("City").fill("Peoria");
    await admin.getByLabel("State").selectOption({ label: "Illinois" });
    await admin.getByLabel("Zip").fill("61602");
    await admin.getByRole("button", { name: "Save location" }).click();
    await admin.getByRole("heading", { name: "Locations" }).waitFor();
    await admin.getByRole("link", { name: locationName }).waitFor();

    // A clinician working there: the form needs a role and a location.
    await openSettingsSection(admin, "Clinical users");
    await admin.getByRole("link", { name: "Add clinical user" }).click();
    await admin.getByRole("button", { name: "Save clinical user" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Role is required",
      "Location is required",
    ]) {
      await admin.getByText(message).first().waitFor();
    }
    await admin.getByLabel("First name").fill(firstName);
    await admin.getByLabel("Last name").fill(lastName);
    await admin.getByLabel("Email", { exact: true }).fill(email);
    await pick(admin, "Roles", "Clinician");
    await pick(admin, "Locations", locationName);
    await admin.getByRole("button", { name: "Save clinical user" }).click();
    await admin.getByRole("heading", { name: "Clinical users" }).waitFor();
    await admin.getByLabel("Search clinical users").fill(lastName);
    const row = admin.getByRole("row", { name: new RegExp(lastName) });
    await row.getByText("Not Invited").waitFor();
    await expect(row.getByText(locationName).isVisible()).resolves.toBe(true);

    // A team with that clinician.
    await openSettingsSection(admin, "Clinician teams");
    await admin.getByRole("link", { name: "Add team" }).click();
    await admin.getByLabel("Team name").fill(teamName);
    await pick(admin, "Clinicians", fullName);
    await admin.getByRole("button", { name: "Save team" }).click();
    await admin.getByRole("heading", { name: "Clinician teams" }).waitFor();
    await admin
      .getByRole("row", { name: new RegExp(teamName) })
      .getByText(fullName)
      .waitFor();

    // The invitation, from the clinician's row.
    await openSettingsSection(admin, "Clinical users");
    await admin.getByLabel("Search clinical users").fill(lastName);
    await admin.getByRole("button", { name: `Account actions for ${fullName}` }).click();
    await admin.getByRole("menuitem", { name: "Invite", exact: true }).click();
    await admin.getByText(`Invitation sent to ${fullName}.`).first().waitFor();
    await admin
      .getByRole("row", { name: new RegExp(lastName) })
      .getByText("Invited", { exact: true })
      .waitFor();

    // The demo keeps the message in the outbox, its link masked: an admin cannot use it.
    await openSettingsSection(admin, "Outbox");
    await admin.getByText("Messages kept because no mail server is configured").waitFor();
    const message = admin.getByRole("article", { name: new RegExp(`to ${email.replace(/\./g, "\\.")}`) }).first();
    await message
      .getByText(/account-setup\?token=••••/)
      .first()
      .waitFor();
    expect(await message.getByRole("link", { name: /account-setup/ }).count()).toBe(0);
    // The clinician gets the live link as the mail server would (delivered-messages.ts).
    const delivered = (await deliveredMessages(inject("messageReaderUrl"))).find(
      (m) => m.recipient === email && m.purpose === "account_setup",
    );
    const link = delivered?.link;
    expect(link).toBeTruthy();
    // The link names the server's configured public address; this test server listens elsewhere.
    const setupPath = new URL(link as string);
    expect(setupPath.pathname).toBe("/security/account-setup");

    // The clinician, in a browser of their own, follows it and sets up the account.
    const clinician = await (await newContext(browser, inject("baseUrl"), PHONE)).newPage();
    await clinician.goto(`${setupPath.pathname}${setupPath.search}`);
    await clinician.getByRole("heading", { name: "Set up your account" }).waitFor();
    await clinician.getByLabel("Username").fill(username);
    await clinician.getByLabel("Password", { exact: true }).fill(password);
    await clinician.getByLabel("Confirm password").fill(password);
    await clinician.getByRole("button", { name: "Create account" }).click();
    // A clinician lands on their worklists (docs/home.md).
    await clinician.waitForURL("**/clinician/home", { timeout: 20_000 });
    await clinician.getByRole("heading", { name: "Home" }).waitFor();

    // And signs in with what they chose.
    await signOut(clinician);
    await signIn(clinician, username, password);
    expect(new URL(clinician.url()).pathname).toBe("/clinician/home");
    await clinician.getByRole("heading", { name: "Home" }).waitFor();
    // A clinician has no settings: no link, and the address says so inside the app.
    await expect(clinician.getByRole("link", { name: "Settings" }).count()).resolves.toBe(0);
    await clinician.goto("/settings/clinical-users");
    await clinician.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
    await clinician.context().close();

    // The admin sees the account active now.
    await openSettingsSection(admin, "Clinical users");
    await admin.getByLabel("Search clinical users").fill(lastName);
    await admin
      .getByRole("row", { name: new RegExp(lastName) })
      .getByText("Active", { exact: true })
      .waitFor();
    await admin.context().close();
  });

  it("an admin gives a program its own chart title, and the outcomes explorer shows it for that program", async () => {
    const program = "Intensive Outpatient Program";
    const chartTitle = `IOP mood over time ${run}`;
    const admin = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(admin, "admin");
    await admin.getByRole("link", { name: "Settings" }).first().click();
    await openSettingsSection(admin, "Chart titles");
    await admin.getByRole("heading", { level: 1, name: "Chart titles" }).waitFor();
    await admin.getByRole("button", { name: new RegExp(`^${program}`) }).click();
    await admin.getByRole("button", { name: `Edit Score over time for ${program}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Score over time: ${program}` });
    await dialog.getByLabel("Title").fill(chartTitle);
    await dialog.getByRole("button", { name: "Save chart text" }).click();
    await dialog.waitFor({ state: "hidden" });
    const card = admin.getByRole("region", { name: "Score over time" });
    await card.getByText(chartTitle).waitFor();

    // A director's query of that program alone draws the chart under the program's title.
    const director = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(director, "director");
    await director.goto("/analytics/outcomes-explorer");
    await director.getByRole("heading", { level: 1, name: "Outcomes explorer" }).waitFor();
    await pick(director, "Programs", new RegExp(`^${program}`));
    const measures = director.getByRole("button", { name: /^Select all measures/ });
    await expect.poll(() => measures.isEnabled()).toBe(true);
    await director.getByLabel("Measures", { exact: true }).click();
    await director.getByRole("option", { name: "PHQ-9", exact: true }).click();
    await director.keyboard.press("Escape");
    await director.getByRole("button", { name: "Run query" }).click();
    await director.getByText(/^[\d,]+ records found$/).waitFor();
    await director
      .getByRole("region", { name: "Charts" })
      .getByRole("heading", { name: `${chartTitle} — PHQ-9` })
      .waitFor();
    await director.context().close();

    // Reset to the default, after a confirm: the chart's own title again.
    await admin.getByRole("button", { name: `Reset to default: Score over time for ${program}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Reset to default" });
    await confirm.getByRole("button", { name: "Reset to default" }).click();
    await confirm.waitFor({ state: "hidden" });
    await expect.poll(() => card.getByText(chartTitle).count()).toBe(0);
    await admin.context().close();
  });
});
