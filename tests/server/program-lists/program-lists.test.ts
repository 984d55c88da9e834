import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient } from "../../helpers/patients.ts";
import { admit, discharge, insertProgram, minute, setProgramsEnabled } from "../../helpers/program-lists.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

type Headers = { authorization: string };
type Row = {
  id: number;
  patient_name: string;
  access_control_id: number;
  client_clinic_assignment_user_id: number | null;
  access_control_program_id: number | null;
  program_id: number | null;
  admission_date: string | null;
  care_status?: string;
  highlighted: boolean;
};
type Page = { rows: Row[]; totalRecords: number; nextCursor: string | null };
type Patient = { id: number; ccaId: number };

/**
 * Program lists (issue 11 §2; docs/program-lists.md). The intensive outpatient program (IOP) has
 * clinicians A and B on it; A's patients Adams and Baker and B's patient Zed are admitted, Zed
 * last. Being on the program, A and B see every patient admitted to it (access follows
 * admissions, docs/programs-episodes.md); B's patient Yates, in no program, A never sees. The
 * adolescent program has only A on it.
 */
describe.each(DATABASES)("program lists on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const u: Record<string, number> = {};
  const p: Record<string, Patient> = {};
  const admissions: Record<string, number> = {};
  let iop: { id: number; uuid: string };
  let teen: { id: number; uuid: string };

  async function patient(last: string, clinician: number, active = true): Promise<Patient> {
    const created = await addPatient(t.app, h.admin, { first_name: "Pat", last_name: last, clinicians: [clinician] });
    const chart = await t.db
      .selectFrom("client_clinic_assignment")
      .select("id")
      .where("patient_id", "=", created.id)
      .executeTakeFirstOrThrow();
    // Admission activates a patient (spec §4); the admissions are written here with SQL.
    await t.db.updateTable("patient").set({ active }).where("id", "=", created.id).execute();
    return { id: created.id, ccaId: Number(chart.id) };
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    const staff = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], admin: ["admin"], R: ["respondent"] });
    Object.assign(h, staff.headers);
    Object.assign(u, staff.ids);
    iop = await insertProgram(t.db, { name: "Intensive outpatient", clinicians: [u.A, u.B], createdAt: minute(0) });
    teen = await insertProgram(t.db, { name: "Adolescent", clinicians: [u.A], createdAt: minute(1) });
    for (const [last, who] of [
      ["Adams", "A"],
      ["Baker", "A"],
      ["Zed", "B"],
    ] as const) {
      p[last] = await patient(last, u[who]);
    }
    admissions.Adams = await admit(t.db, p.Adams.ccaId, iop.id, { createdAt: minute(10), admissionDate: "2026-01-05" });
    admissions.Baker = await admit(t.db, p.Baker.ccaId, iop.id, { createdAt: minute(20) });
    admissions.Zed = await admit(t.db, p.Zed.ccaId, iop.id, { createdAt: minute(30) });
  });
  afterAll(async () => t.close());

  async function get(who: string, url: string, status = 200) {
    const res = await t.app.inject({ method: "GET", url, headers: h[who] });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const names = (page: Page) => page.rows.map((r) => r.patient_name);

  it("lists the program's patients the caller may see, the newest admission first", async () => {
    const a: Page = await get("A", `/api/programs/${iop.id}/active-patients`);
    expect(names(a)).toEqual(["Pat Zed", "Pat Baker", "Pat Adams"]);
    expect(a.totalRecords).toBe(3);
    expect(a.rows[2]).toMatchObject({
      id: p.Adams.id,
      access_control_id: p.Adams.ccaId,
      access_control_program_id: admissions.Adams,
      program_id: iop.id,
      admission_date: "2026-01-05",
      care_status: "in_care",
      highlighted: false,
    });
    expect(a.rows[2].client_clinic_assignment_user_id).toEqual(expect.any(Number));
    expect(names(await get("B", `/api/programs/${iop.id}/active-patients`))).toEqual(names(a));
    const all: Page = await get("admin", `/api/programs/${iop.id}/active-patients`);
    expect(names(all)).toEqual(["Pat Zed", "Pat Baker", "Pat Adams"]);
  });

  it("reads the same list by the program's uuid", async () => {
    const byUuid: Page = await get("A", `/api/programs/${iop.uuid}/patients`);
    expect(names(byUuid)).toEqual(["Pat Zed", "Pat Baker", "Pat Adams"]);
  });

  it("answers only the count with countOnly, under the same visibility", async () => {
    expect(await get("A", `/api/programs/${iop.id}/active-patients?countOnly=true`)).toEqual({
      totalRecords: 3,
      totalAccuracy: "exact",
    });
    expect((await get("admin", `/api/programs/${iop.id}/active-patients?countOnly=true`)).totalRecords).toBe(3);
    expect((await get("A", `/api/programs/${teen.id}/active-patients?countOnly=true`)).totalRecords).toBe(0);
  });

  it("lists a patient named by patient_id first, highlighted (the one just added)", async () => {
    const page: Page = await get("A", `/api/programs/${iop.id}/active-patients?patient_id=${p.Adams.id}`);
    expect(names(page)).toEqual(["Pat Adams", "Pat Zed", "Pat Baker"]);
    expect(page.rows.map((r) => r.highlighted)).toEqual([true, false, false]);
  });

  it("searches by name or MRN", async () => {
    expect(names(await get("A", `/api/programs/${iop.id}/active-patients?searchTerm=bak`))).toEqual(["Pat Baker"]);
    expect(names(await get("A", `/api/programs/${iop.id}/active-patients?searchTerm=zed`))).toEqual(["Pat Zed"]);
    expect((await get("A", `/api/programs/${iop.id}/active-patients?searchTerm=nobody`)).totalRecords).toBe(0);
  });

  it("narrows to one patient view with patient_selector, refusing a view the caller lacks", async () => {
    expect(names(await get("A", `/api/programs/${iop.id}/active-patients?patient_selector=my`))).toHaveLength(3);
    const refused = await get("A", `/api/programs/${iop.id}/active-patients?patient_selector=all`, 403);
    expect(refused.error).toContain("All patients");
  });

  it("keeps a pending discharge listed and drops the patient at final discharge, to the no-program list", async () => {
    await discharge(t.db, admissions.Baker, "pending");
    const pending: Page = await get("A", `/api/programs/${iop.id}/active-patients`);
    expect(pending.rows.find((r) => r.id === p.Baker.id)?.care_status).toBe("discharge_pending");
    expect(names(await get("A", "/api/programs/patients/no-program"))).not.toContain("Pat Baker");

    await discharge(t.db, admissions.Baker, "final");
    expect(names(await get("A", `/api/programs/${iop.id}/active-patients`))).toEqual(["Pat Zed", "Pat Adams"]);
    expect(names(await get("A", "/api/programs/patients/no-program"))).toContain("Pat Baker");
    // Readmitted: in the program again, newest first.
    admissions.Baker = await admit(t.db, p.Baker.ccaId, iop.id, { createdAt: minute(40) });
    expect(names(await get("A", `/api/programs/${iop.id}/active-patients`))).toEqual([
      "Pat Baker",
      "Pat Zed",
      "Pat Adams",
    ]);
  });

  it("lists the caller's active patients in no program, newest first", async () => {
    const carr = await patient("Carr", u.A);
    const dunn = await patient("Dunn", u.A);
    await patient("Idle", u.A, false);
    await patient("Yates", u.B);
    const page: Page = await get("A", "/api/programs/patients/no-program");
    expect(names(page)).toEqual(["Pat Dunn", "Pat Carr"]);
    expect(page.rows[0]).toMatchObject({ id: dunn.id, access_control_program_id: null, program_id: null });
    expect(page.rows[0].care_status).toBeUndefined();
    expect((await get("A", "/api/programs/patients/no-program?countOnly=true")).totalRecords).toBe(2);
    expect(names(await get("B", "/api/programs/patients/no-program"))).toEqual(["Pat Yates"]);
    // Admitted to the adolescent program: no longer in no program.
    await admit(t.db, carr.ccaId, teen.id);
    expect(names(await get("A", "/api/programs/patients/no-program"))).toEqual(["Pat Dunn"]);
    expect(names(await get("A", `/api/programs/${teen.id}/active-patients`))).toEqual(["Pat Carr"]);
  });

  it("loads patients in batches of 20, newest admission first, by cursor", async () => {
    const big = await insertProgram(t.db, { name: "Outpatient therapy", clinicians: [u.A] });
    const admitted: string[] = [];
    for (let i = 0; i < 23; i++) {
      const last = `Batch${String(i).padStart(2, "0")}`;
      const one = await patient(last, u.A);
      await admit(t.db, one.ccaId, big.id, { createdAt: minute(100 + i) });
      admitted.unshift(`Pat ${last}`);
    }
    const first: Page = await get("A", `/api/programs/${big.id}/active-patients`);
    expect(first.rows).toHaveLength(20);
    expect(first.totalRecords).toBe(23);
    expect(names(first)).toEqual(admitted.slice(0, 20));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second: Page = await get(
      "A",
      `/api/programs/${big.id}/active-patients?after=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(names(second)).toEqual(admitted.slice(20));
    expect(second.nextCursor).toBeNull();
    // A cursor of the highlighted order is refused in another: it would skip or repeat rows.
    const other = await get(
      "A",
      `/api/programs/${big.id}/active-patients?patient_id=1&after=${encodeURIComponent(first.nextCursor ?? "")}`,
      400,
    );
    expect(other.error).toMatch(/no longer valid/);
  });

  it("answers 404 for a program the caller is not on, or that does not exist", async () => {
    expect((await get("B", `/api/programs/${teen.id}/active-patients`, 404)).error).toBe("The program does not exist.");
    await get("B", `/api/programs/${teen.uuid}/patients`, 404);
    await get("A", "/api/programs/999999/active-patients", 404);
    await get("A", "/api/programs/00000000-0000-4000-8000-000000000000/patients", 404);
  });

  it("answers 400 for bad parameters", async () => {
    const base = `/api/programs/${iop.id}/active-patients`;
    for (const [url, message] of [
      ["/api/programs/abc/active-patients", "Program id is not valid"],
      ["/api/programs/not-a-uuid/patients", "Program is not valid"],
      [`${base}?pageSize=0`, "Page size is not valid"],
      [`${base}?countOnly=maybe`, "Count only is not valid"],
      [`${base}?patient_selector=everyone`, "View is not valid"],
      [`${base}?patient_id=-1`, "Patient id is not valid"],
      [`${base}?after=${"x".repeat(10)}`, "This list position is no longer valid. Start again from the first page."],
      ["/api/programs/patients/no-program?sort=name", undefined],
    ] as const) {
      const body = await get("A", url, 400);
      if (message) expect(body.error, url).toBe(message);
    }
  });

  it("records each list in the audit trail", async () => {
    await get("A", `/api/programs/${iop.id}/active-patients`);
    await get("A", "/api/programs/patients/no-program");
    await t.app.auditTrail.flush();
    const actions = await t.db
      .selectFrom("audit_event")
      .select(["action", "record_type", "record_id"])
      .where("action", "like", "program-list.%")
      .orderBy("seq", "desc")
      .limit(2)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["program-list.no-program", "program-list.patients"]);
    expect(actions[1]).toMatchObject({ record_type: "program", record_id: iop.id });
  });

  it("lists my programs and all programs the caller may see, the newest first", async () => {
    const lists = async (who: string, tab: string) =>
      ((await get(who, `/api/program-lists/programs?tab=${tab}`)).rows as { name: string }[]).map((r) => r.name);
    expect(await lists("A", "my")).toEqual(["Outpatient therapy", "Adolescent", "Intensive outpatient"]);
    expect(await lists("B", "my")).toEqual(["Intensive outpatient"]);
    expect(await lists("B", "all")).toEqual(["Intensive outpatient"]);
    // The admin is on no program: none of their own, every program of the clinic.
    expect(await lists("admin", "my")).toEqual([]);
    expect(await lists("admin", "all")).toEqual(["Outpatient therapy", "Adolescent", "Intensive outpatient"]);
    expect((await get("A", "/api/program-lists/programs?tab=mine", 400)).error).toBe("Tab is not valid");
  });

  it("answers 404 on every program list while programs are off", async () => {
    await setProgramsEnabled(t.db, false);
    try {
      for (const url of [
        `/api/programs/${iop.id}/active-patients`,
        `/api/programs/${iop.uuid}/patients`,
        "/api/programs/patients/no-program",
        "/api/program-lists/programs",
      ]) {
        await get("admin", url, 404);
      }
    } finally {
      await setProgramsEnabled(t.db, true);
    }
    await get("admin", "/api/programs/patients/no-program", 200);
  });

  it("is refused to respondents and to callers who are not signed in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/programs/patients/no-program" });
    expect(res.statusCode).toBe(401);
    await get("R", "/api/programs/patients/no-program", 403);
    await get("R", `/api/programs/${iop.id}/active-patients`, 403);
  });
});
