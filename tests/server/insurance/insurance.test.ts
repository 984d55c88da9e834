import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { nextMrn, patientBody } from "../../helpers/patients.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { createUser } from "../../helpers/users.ts";

type Json = Record<string, unknown>;

/** What the front desk types from a patient's cards: a primary and a secondary coverage. */
const CARDS = {
  primary_provider: "  Blue Cross Blue Shield ",
  primary_plan_name: "PPO Gold",
  primary_member_id: "XYZ 123456789",
  primary_group_id: "GRP-0042",
  primary_subscriber_name: "Jordan Rivera",
  primary_relation_to_subscriber: "self",
  primary_effective_date: "2024-01-01",
  primary_end_date: null,
  secondary_provider: "Medicaid",
  secondary_plan_name: null,
  secondary_member_id: "MCD998877",
  secondary_group_id: null,
  secondary_subscriber_name: "Alex Rivera",
  secondary_relation_to_subscriber: "child",
  secondary_effective_date: "2023-07-01",
  secondary_end_date: "2025-06-30",
};

/**
 * Issue 11 §3: a patient's insurance, read by whoever may see the chart and changed by those who
 * may write patients, stored through the entity engine with a version (docs/insurance.md).
 */
describe.each(DATABASES)("patient insurance on $name", (database) => {
  const s = settingsSuite(database, "ins");
  const url = (patientId: number) => `/api/v2/patients/${patientId}/insurance`;
  let mine: number;
  let other: number;

  beforeAll(async () => {
    const otherClinician = await createUser(s.db, { username: "ins-other-clinician", roles: ["clinician"] });
    const add = async (clinician: number) => {
      const res = await s.call("POST", "/api/patients", patientBody({ mrn: nextMrn("INS"), clinicians: [clinician] }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    mine = await add(s.roles.ids.clinician);
    other = await add(otherClinician);
  });

  async function newPatient(): Promise<number> {
    const res = await s.call(
      "POST",
      "/api/patients",
      patientBody({ mrn: nextMrn("INS"), clinicians: [s.roles.ids.clinician] }),
    );
    return res.json().id as number;
  }

  async function read(patientId: number, headers = s.admin): Promise<Json> {
    const res = await s.call("GET", url(patientId), undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function storedRows(patientId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from patient_insurance
      where id = ${patientId}`.execute(s.db);
    return rows[0].n;
  }

  it("reads a patient with no insurance on file as an empty record at version 0, storing nothing", async () => {
    const patientId = await newPatient();
    const empty = await read(patientId);
    expect(empty).toMatchObject({ id: patientId, version: 0, primary_provider: null, secondary_member_id: null });
    expect(empty).not.toHaveProperty("primary_relation_to_subscriber");
    expect(await storedRows(patientId)).toBe(0);
  });

  it("saves both coverages from the empty record, trimmed, and reads them back at version 1", async () => {
    const patientId = await newPatient();
    const empty = await read(patientId);
    const res = await s.call("PUT", url(patientId), { ...empty, ...CARDS });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ ...CARDS, primary_provider: "Blue Cross Blue Shield", version: 1 });
    expect(await read(patientId)).toEqual(saved);

    // An edit clears what the form emptied and keeps the rest.
    const edited = await s.call("PUT", url(patientId), {
      ...saved,
      secondary_end_date: null,
      primary_plan_name: "HMO",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(patientId)).toMatchObject({ secondary_end_date: null, primary_plan_name: "HMO", version: 2 });

    const history = await sql<{ version: number }>`select version from record_history
      where entity = 'insurance' and entity_id = ${patientId} order by version`.execute(s.db);
    expect(history.rows.map((r) => r.version)).toEqual([1, 2]);
  });

  it("audits the read and the change under the patient", async () => {
    const patientId = await newPatient();
    const readRes = await s.call("GET", url(patientId));
    const saveRes = await s.call("PUT", url(patientId), { ...(readRes.json() as Json), primary_provider: "Aetna" });
    expect(saveRes.statusCode).toBe(200);
    await s.app.auditTrail.flush();
    const events = await s.db
      .selectFrom("audit_event")
      .select(["action", "record_type", "record_id"])
      .where("patient_id", "=", patientId)
      .where("action", "like", "insurance.%")
      .orderBy("action")
      .execute();
    expect(events).toEqual([
      { action: "insurance.create", record_type: "insurance", record_id: patientId },
      { action: "insurance.read", record_type: "patient", record_id: patientId },
    ]);
  });

  it.each([
    [
      { primary_member_id: "ABC$123" },
      "primary_member_id",
      "Primary member ID can hold only letters, digits, spaces and hyphens",
    ],
    [
      { primary_provider: "Aetna", primary_effective_date: "2024-05-01", primary_end_date: "2024-04-30" },
      "primary_end_date",
      "Primary coverage end cannot be before its start",
    ],
    [{ primary_provider: null, primary_member_id: "A1" }, "primary_provider", "Primary insurance provider is required"],
    [
      { primary_provider: null, secondary_provider: "Medicaid" },
      "primary_provider",
      "Add the primary insurance before a secondary one",
    ],
    [
      { primary_provider: "Aetna", primary_relation_to_subscriber: "cousin" },
      "primary_relation_to_subscriber",
      "Primary relation to subscriber is not valid",
    ],
    [
      { primary_provider: "Aetna", primary_effective_date: "2024-02-30" },
      "primary_effective_date",
      "Primary coverage start is not a valid date",
    ],
    [
      { primary_provider: "x".repeat(201) },
      "primary_provider",
      "Primary insurance provider is too long (at most 200 characters)",
    ],
  ])("refuses %j with the schema's message under %s and changes nothing", async (change, field, message) => {
    const patientId = await newPatient();
    const first = await read(patientId);
    const res = await s.call("PUT", url(patientId), { ...first, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await read(patientId)).toEqual(first);
    expect(await storedRows(patientId)).toBe(0);

    // The same refusal on a stored record leaves it as it was.
    const saved = (await s.call("PUT", url(patientId), { ...first, primary_provider: "Cigna" })).json();
    const again = await s.call("PUT", url(patientId), { ...saved, ...change });
    expect(again.statusCode).toBe(400);
    expect(await read(patientId)).toEqual(saved);
  });

  it("refuses a save based on an older version with 409, the first save too, and keeps the first person's change", async () => {
    const patientId = await newPatient();
    const opened = await read(patientId);
    const first = await s.call("PUT", url(patientId), { ...opened, primary_provider: "Aetna" });
    expect(first.statusCode).toBe(200);
    // A second person opened the empty record too: their first save is stale now.
    const second = await s.call("PUT", url(patientId), { ...opened, primary_provider: "Cigna" });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "stale_record", error: MESSAGES.staleRecord, currentVersion: 1 });
    expect(await read(patientId)).toMatchObject({ primary_provider: "Aetna", version: 1 });

    const noVersion = await s.call("PUT", url(patientId), { ...(first.json() as Json), version: undefined });
    expect(noVersion.statusCode).toBe(428);
    expect(noVersion.json().code).toBe("version_required");
  });

  it("answers a chart outside the caller's access like a patient that does not exist, and changes nothing", async () => {
    const clinician = s.roles.headers.clinician;
    const hidden = await s.call("GET", url(other), undefined, clinician);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(MESSAGES.patientNotFound);
    const missing = await s.call("GET", url(999999), undefined, clinician);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(hidden.json().error);

    const write = await s.call("PUT", url(other), { version: 0, primary_provider: "Aetna" }, clinician);
    expect(write.statusCode).toBe(404);
    expect(await storedRows(other)).toBe(0);

    // On their own patient the clinician reads and writes.
    const own = await read(mine, clinician);
    const saved = await s.call("PUT", url(mine), { ...own, primary_provider: "Aetna" }, clinician);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("lets a view-only director read insurance but not change it; a respondent does neither", async () => {
    const patientId = await newPatient();
    const stored = (
      await s.call("PUT", url(patientId), { ...(await read(patientId)), primary_provider: "Aetna" })
    ).json();
    expect(await read(patientId, s.roles.headers.director)).toEqual(stored);
    const write = await s.call(
      "PUT",
      url(patientId),
      { ...stored, primary_provider: "Cigna" },
      s.roles.headers.director,
    );
    expect(write.statusCode).toBe(403);
    expect((await read(patientId)).primary_provider).toBe("Aetna");

    expect((await s.call("GET", url(patientId), undefined, s.roles.headers.respondent)).statusCode).toBe(403);
  });
});
