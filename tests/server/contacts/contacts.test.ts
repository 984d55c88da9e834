import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRequestUser } from "../../../src/server/auth/load-user.ts";
import { contactEntity } from "../../../src/server/contacts/contact-entity.ts";
import {
  addContact,
  type Contact,
  contactInformation,
  contactValueErrors,
  contactWarnings,
  EMAIL,
  listContacts,
  NOTIFICATIONS_OFF_WARNING,
  notificationsEnabled,
  PHONE,
  setPrimaryContact,
  syncPatientRecordContacts,
} from "../../../src/server/contacts/contacts.ts";
import { entityStore } from "../../../src/server/entities/entity-store.ts";
import { HttpError } from "../../../src/server/http/http-error.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { createUser } from "../../helpers/users.ts";

const bundle = defaultBundle;
const contactStore = entityStore(contactEntity, bundle);

/** The account as the caller of its own My account: the contact entity serves one's own contacts only. */
const asAccount = (id: number) =>
  toRequestUser(
    {
      id,
      uuid: "",
      username: null,
      user_type: "patient",
      status: 2,
      first_name: "",
      last_name: "",
      roles: ["respondent"],
    },
    bundle,
  );

/** The refusal a contact call threw: status and field errors. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; errors: unknown }> {
  try {
    await work;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, errors: err.fieldErrors ?? err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

/**
 * The shared contact rules (src/server/contacts/contacts.ts), as the respondent forms use them,
 * and the contact entity's (contact-entity.ts), as My account saves through it.
 */
describe.each(DATABASES)("contacts on $name", (database) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  const newAccount = async () => {
    n += 1;
    return createUser(t.db, { username: `person${n}`, roles: ["respondent"], userType: "patient" });
  };
  const contactsOf = async (userId: number) => (await listContacts(t.db, [userId])).get(userId) ?? [];
  const inTx = <T>(work: (trx: typeof t.db) => Promise<T>) => t.db.transaction().execute(work);
  /** An edit through the contact entity by `userId`: the contact as read, with `changes`, at its version. */
  const edit = (userId: number, contact: Contact, changes: Partial<Contact>) => {
    const { channel, value, primary, enabled, version } = contact;
    return contactStore.update(t.db, asAccount(userId), contact.id, {
      channel,
      value,
      primary,
      enabled,
      version,
      ...changes,
    });
  };
  const remove = (userId: number, contact: Contact) => contactStore.remove(t.db, asAccount(userId), contact.id);

  it("makes the first contact of a channel primary and keeps one primary per channel", async () => {
    const id = await newAccount();
    const first = await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: " a@example.org " }));
    expect(first).toMatchObject({ channel: EMAIL, value: "a@example.org", primary: true, emr: false, editable: true });
    const second = await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "b@example.org" }));
    expect(second.primary).toBe(false);
    const phone = await inTx((trx) => addContact(trx, bundle, id, { channel: PHONE, value: "(217) 555-0100" }));
    expect(phone).toMatchObject({ value: "2175550100", primary: true });

    await edit(id, second, { primary: true });
    expect((await contactsOf(id)).map((c) => [c.value, c.primary])).toEqual([
      ["b@example.org", true],
      ["a@example.org", false],
      ["2175550100", true],
    ]);
    // `primary: false` alone keeps the primary: it moves only by choosing another.
    const [chosen] = await contactsOf(id);
    await edit(id, chosen, { primary: false });
    expect((await contactsOf(id)).find((c) => c.id === second.id)?.primary).toBe(true);
    // Removing the primary promotes the oldest one left.
    await remove(id, second);
    expect((await contactsOf(id)).map((c) => [c.value, c.primary])).toEqual([
      ["a@example.org", true],
      ["2175550100", true],
    ]);
  });

  it("moves a contact's version with every change of its row, including a demotion by another", async () => {
    const id = await newAccount();
    const first = await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "v1@example.org" }));
    expect(first.version).toBe(1);
    await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "v2@example.org", primary: true }));
    const [, demoted] = await contactsOf(id);
    expect(demoted).toMatchObject({ id: first.id, primary: false, version: 2 });
    // A form holding the copy from before the demotion cannot make it primary again unseen.
    expect((await refusal(edit(id, first, { primary: true }))).status).toBe(409);
  });

  it("refuses bad and duplicate values with the schema's messages, and others' contacts with 404", async () => {
    const id = await newAccount();
    const other = await newAccount();
    await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "c@example.org" }));
    expect(
      await refusal(inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "C@Example.org" }))),
    ).toEqual({
      status: 400,
      errors: [{ field: "value", message: "That contact is already saved." }],
    });
    expect(await refusal(inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "nope" })))).toEqual({
      status: 400,
      errors: [{ field: "value", message: "Invalid email" }],
    });
    expect(contactValueErrors(bundle, PHONE, "12345", "phone")).toEqual([
      { field: "phone", message: "That mobile number is too short. It must be 10 digits." },
    ]);
    expect(contactValueErrors(bundle, PHONE, "")).toEqual([{ field: "value", message: "Mobile number is required" }]);
    const [mine] = await contactsOf(id);
    expect((await refusal(edit(other, mine, { enabled: false }))).status).toBe(404);
    expect((await refusal(remove(other, mine))).status).toBe(404);
    expect(await refusal(edit(id, mine, { channel: PHONE, value: "2175550100" }))).toEqual({
      status: 400,
      errors: [{ field: "channel", message: "The type of a contact cannot be changed. Add a new contact instead." }],
    });
  });

  it("mirrors the patient record as emr contacts that only the patient form changes", async () => {
    const admin = await signedInUser(t.db, { username: "admin", roles: ["admin"] });
    const clinician = await createUser(t.db, { username: "clin", roles: ["clinician"] });
    const patient = await addPatient(t.app, admin.headers, {
      clinicians: [clinician],
      email: "rec@example.org",
      email_notification: true,
    });
    const account = (
      await t.db.selectFrom("patient").select("user_id").where("id", "=", patient.id).executeTakeFirstOrThrow()
    ).user_id as number;
    const [emr] = await contactsOf(account);
    expect(emr).toMatchObject({ channel: EMAIL, value: "rec@example.org", emr: true, editable: false, primary: true });

    const locked = {
      status: 400,
      errors: [{ field: "value", message: "This email is on the patient's record: change it on the patient form." }],
    };
    expect(await refusal(edit(account, emr, { value: "x@example.org" }))).toEqual(locked);
    expect(await refusal(edit(account, emr, { enabled: false }))).toEqual(locked);
    expect(await refusal(remove(account, emr))).toEqual(locked);
    expect(await refusal(inTx((trx) => setPrimaryContact(trx, bundle, account, EMAIL, null, true)))).toEqual(locked);

    // The patient's own address may become primary; the record's stays, as a second contact.
    const own = await inTx((trx) =>
      addContact(trx, bundle, account, { channel: EMAIL, value: "mine@example.org", primary: true }),
    );
    expect(own.primary).toBe(true);
    await t.db.updateTable("patient").set({ email: null }).where("id", "=", patient.id).execute();
    await inTx((trx) => syncPatientRecordContacts(trx, patient.id));
    expect((await contactsOf(account)).map((c) => [c.value, c.emr, c.primary])).toEqual([
      ["mine@example.org", false, true],
    ]);
  });

  it("sets a form's primary value: changes it in place, reuses a held value, removes it on null", async () => {
    const id = await newAccount();
    const set = (value: string | null, enabled = true) =>
      inTx((trx) => setPrimaryContact(trx, bundle, id, EMAIL, value, enabled, { field: "email" }));
    const first = await set("one@example.org");
    expect(first).toMatchObject({ primary: true, value: "one@example.org" });
    const changed = await set("two@example.org", false);
    expect(changed).toMatchObject({ id: first?.id, value: "two@example.org", enabled: false });
    await inTx((trx) => addContact(trx, bundle, id, { channel: EMAIL, value: "three@example.org" }));
    const reused = await set("three@example.org");
    expect((await contactsOf(id)).map((c) => [c.value, c.primary])).toEqual([["three@example.org", true]]);
    expect(reused?.value).toBe("three@example.org");
    expect(await set(null)).toBeNull();
    expect(await contactsOf(id)).toEqual([]);
    expect(await refusal(set("bad"))).toEqual({ status: 400, errors: [{ field: "email", message: "Invalid email" }] });
  });

  it("counts clinical users as reachable always, anyone else through an enabled contact on a channel in use", () => {
    const contact = (channel: 1 | 2, enabled: boolean, primary = true): Contact => ({
      id: channel * 10 + Number(enabled),
      user_id: 1,
      channel,
      primary,
      emr: false,
      value: channel === EMAIL ? "p@example.org" : "3125550100",
      editable: true,
      enabled,
      version: 1,
    });
    const both = { email: true, sms: true };
    expect(notificationsEnabled("clinical", [], { email: false, sms: false })).toBe(true);
    expect(contactWarnings("clinical", [], both)).toEqual([]);
    expect(notificationsEnabled("patient", [], both)).toBe(false);
    expect(contactWarnings("patient", [contact(EMAIL, false)], both)).toEqual([NOTIFICATIONS_OFF_WARNING]);
    expect(contactWarnings("patient", [contact(PHONE, true)], { email: true, sms: false })).toEqual([
      NOTIFICATIONS_OFF_WARNING,
    ]);
    expect(contactWarnings("patient", [contact(PHONE, true)], both)).toEqual([]);
    expect(contactInformation([contact(PHONE, true), contact(EMAIL, true), contact(EMAIL, false, false)])).toBe(
      "p@example.org, (312) 555-0100",
    );
  });
});
