import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_NOT_FOUND, NAME_KEPT_BY_CLINIC } from "../../../src/server/accounts/my-account-routes.ts";
import { USERNAME_IN_USE } from "../../../src/server/accounts/usernames.ts";
import { CONTACT_MESSAGES } from "../../../src/server/contacts/contacts.ts";
import { type addContacts, createChart, createRespondent, login, unique } from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

describe.each(DATABASES)("my account (respondents) on $name", (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  /** An active respondent with a password, signed in. */
  async function me(contacts: Parameters<typeof addContacts>[2] = []) {
    const username = unique("me");
    const id = await createRespondent(t.db, { username, status: 2, firstName: "Rae", lastName: "Quinn", contacts });
    return { id, username, headers: await authHeader(t.db, id) };
  }
  const req = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  it("reads the own account with contacts", async () => {
    const { id, username, headers } = await me([
      { channel: 1, value: "rae@example.org" },
      { channel: 2, value: "5551112222", enabled: false },
    ]);
    const res = await req("GET", `/api/users/${id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      username,
      first_name: "Rae",
      middle_name: null,
      last_name: "Quinn",
      status: 2,
      user_type: "patient",
      isAccountActive: true,
      nameEditable: true,
      contacts: [
        expect.objectContaining({
          user_id: id,
          channel: 1,
          value: "rae@example.org",
          primary: true,
          enabled: true,
          editable: true,
        }),
        expect.objectContaining({ channel: 2, value: "5551112222", primary: true, enabled: false }),
      ],
    });
  });

  it("anyone else's account id is 404; clinical users cannot use my account (403)", async () => {
    const a = await me();
    const b = await me();
    const names = { first_name: "X", last_name: "Y" };
    const contact = { channel: 1, value: "a@b.org" };
    for (const [method, url, payload] of [
      ["GET", `/api/users/${b.id}`, undefined],
      ["PUT", `/api/users/${b.id}`, names],
      ["PUT", `/api/users/${b.id}/username`, { username: "xyz" }],
      ["POST", `/api/users/${b.id}/contact-info`, contact],
      ["PUT", `/api/users/${b.id}/contact-info/1`, contact],
      ["DELETE", `/api/users/${b.id}/contact-info/1`, undefined],
    ] as const) {
      const res = await req(method, url, a.headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: ACCOUNT_NOT_FOUND, code: "not_found" });
    }
    const admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
    expect((await req("GET", `/api/users/${admin.id}`, admin.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/users/${a.id}` })).statusCode).toBe(401);
    expect((await req("GET", "/api/users/abc", a.headers)).statusCode).toBe(400);
  });

  it("edits the own name; the patient's own account keeps the chart's name", async () => {
    const { id, headers } = await me();
    const res = await req("PUT", `/api/users/${id}`, headers, {
      first_name: " Rachel ",
      middle_name: "  ",
      last_name: "Quinn",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: "Rachel", middle_name: null, last_name: "Quinn" });
    const history = await t.db
      .selectFrom("record_history")
      .select(["version", "changed_by"])
      .where("entity", "=", "app_user")
      .where("entity_id", "=", id)
      .execute();
    expect(history).toEqual([{ version: 1, changed_by: id }]);
    const missing = await req("PUT", `/api/users/${id}`, headers, { first_name: "", last_name: "Quinn" });
    expect(missing.json().errors).toEqual([{ field: "first_name", message: "First name is required" }]);

    const chart = await createChart(t.db, { firstName: "Tia", lastName: "Self", selfStatus: 2 });
    const selfHeaders = await authHeader(t.db, chart.selfUserId);
    const renamed = await req("PUT", `/api/users/${chart.selfUserId}`, selfHeaders, {
      first_name: "Other",
      last_name: "Self",
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: "first_name", message: NAME_KEPT_BY_CLINIC }]);
    const same = await req("PUT", `/api/users/${chart.selfUserId}`, selfHeaders, {
      first_name: "Tia",
      last_name: "Self",
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().nameEditable).toBe(false);
  });

  it("edits the username: unique in any case, by the same rule as account setup", async () => {
    const { id, headers } = await me();
    const taken = unique("Taken");
    await createUser(t.db, { username: taken, roles: ["clinician"] });
    const inUse = await req("PUT", `/api/users/${id}/username`, headers, { username: taken.toUpperCase() });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().errors).toEqual([{ field: "username", message: USERNAME_IN_USE }]);
    const bad = await req("PUT", `/api/users/${id}/username`, headers, { username: "has space" });
    expect(bad.json().errors[0].field).toBe("username");
    const fresh = unique("rae.q");
    const ok = await req("PUT", `/api/users/${id}/username`, headers, { username: fresh });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe(fresh);
    expect((await login(t.app, fresh)).user.id).toBe(id);
  });

  describe("contact-info", () => {
    it("adds contacts with the spec's messages; phone numbers are kept as digits", async () => {
      const { id, headers } = await me();
      const url = `/api/users/${id}/contact-info`;
      const cases: [object, string, string][] = [
        [{ channel: 1, value: "nope" }, "value", "Invalid email"],
        [{ channel: 2, value: "555-123" }, "value", "That mobile number is too short. It must be 10 digits."],
        [{ channel: 2, value: "555 123 456 789" }, "value", "That mobile number is too long. It must be 10 digits."],
        [{ channel: 3, value: "x" }, "channel", "Type is not valid"],
        [{ channel: 1 }, "value", "Email or mobile number is required"],
      ];
      for (const [payload, field, message] of cases) {
        const res = await req("POST", url, headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors).toEqual([{ field, message }]);
      }
      const phone = await req("POST", url, headers, { channel: 2, value: "(555) 123-4567" });
      expect(phone.statusCode, phone.body).toBe(201);
      expect(phone.json()).toMatchObject({ channel: 2, value: "5551234567", primary: true, enabled: true, emr: false });
      const dup = await req("POST", url, headers, { channel: 2, value: "555.123.4567" });
      expect(dup.statusCode).toBe(400);
    });

    it("keeps one primary per channel: a new primary takes over, removing the primary promotes another", async () => {
      const { id, headers } = await me();
      const url = `/api/users/${id}/contact-info`;
      const first = (await req("POST", url, headers, { channel: 1, value: "one@example.org" })).json();
      const second = (await req("POST", url, headers, { channel: 1, value: "two@example.org", primary: true })).json();
      expect(first.primary).toBe(true);
      expect(second.primary).toBe(true);
      const primaries = async () =>
        (await req("GET", `/api/users/${id}`, headers))
          .json()
          .contacts.filter((c: { primary: boolean; channel: number }) => c.primary && c.channel === 1)
          .map((c: { value: string }) => c.value);
      expect(await primaries()).toEqual(["two@example.org"]);
      // An edit names the version it read: the demotion above moved the first one's.
      const versionOf = async (contactId: number): Promise<number> =>
        (await req("GET", `/api/users/${id}`, headers)).json().contacts.find((c: { id: number }) => c.id === contactId)
          .version;

      const edited = await req("PUT", `${url}/${first.id}`, headers, {
        channel: 1,
        value: "uno@example.org",
        primary: true,
        enabled: false,
        version: await versionOf(first.id),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ value: "uno@example.org", primary: true, enabled: false });
      expect(await primaries()).toEqual(["uno@example.org"]);

      const retype = await req("PUT", `${url}/${first.id}`, headers, {
        channel: 2,
        value: "5551234567",
        version: await versionOf(first.id),
      });
      expect(retype.json().errors).toEqual([{ field: "channel", message: CONTACT_MESSAGES.typeFixed }]);

      expect((await req("DELETE", `${url}/${first.id}`, headers)).statusCode).toBe(204);
      expect(await primaries()).toEqual(["two@example.org"]);
      expect((await req("DELETE", `${url}/${first.id}`, headers)).statusCode).toBe(404);
      const missing = await req("PUT", `${url}/999999`, headers, { channel: 1, value: "a@b.org", version: 1 });
      expect(missing.statusCode).toBe(404);
    });

    it("contacts from the clinic's records (emr) cannot be changed or removed", async () => {
      const { id, headers } = await me([{ channel: 1, value: "record@example.org", emr: true }]);
      const [emr] = (await req("GET", `/api/users/${id}`, headers)).json().contacts;
      expect(emr).toMatchObject({ emr: true, editable: false });
      const url = `/api/users/${id}/contact-info/${emr.id}`;
      const edit = await req("PUT", url, headers, { channel: 1, value: "mine@example.org", version: emr.version });
      expect(edit.statusCode).toBe(400);
      expect((await req("DELETE", url, headers)).statusCode).toBe(400);
      const after = (await req("GET", `/api/users/${id}`, headers)).json().contacts;
      expect(after).toEqual([expect.objectContaining({ id: emr.id, value: "record@example.org" })]);
    });
  });
});
