import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../src/server/http/log-redaction.ts";
import { seedDemoIfEmpty } from "../../src/server/seed/demo.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demo-clinic.ts";
import { bearer, login } from "../helpers/accounts.ts";
import { messageSecrets, phiAndSecretsIn } from "../helpers/log-search.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 8 §4: at the default level (info) the log held patient names, MRNs, emails and phone
 * numbers (search, check-mrn and exist query strings) and live setup tokens
 * (validate-token?token=...). Here the demo clinic is seeded, a broad set of calls is made the
 * way the client makes them, the log is written to a file, and the file is searched for every
 * demo patient's name, MRN, email and phone and every secret issued: none may be there.
 */
describe.each(DATABASES)("the log at the default level on $name", (database) => {
  let t: TestApp;
  let dir: string;
  let logFile: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mbc-log-"));
    logFile = path.join(dir, "server.log");
    const stream = { write: (line: string) => appendFileSync(logFile, line) };
    t = await createTestApp(database, { logger: { level: "info", stream } });
    await seedDemoIfEmpty(t.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds no patient's name, MRN, email or phone and no issued secret", async () => {
    const patients = await t.db
      .selectFrom("patient as p")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
      .select([
        "p.id",
        "p.first_name",
        "p.last_name",
        "p.mrn",
        "p.email",
        "p.mobile_number",
        "p.user_id",
        "cca.id as ccaId",
      ])
      .orderBy("p.id")
      .execute();
    expect(patients.length).toBeGreaterThan(20);
    const admin = bearer((await login(t.app, "admin", DEMO_PASSWORD)).accessToken);
    const clinician = bearer((await login(t.app, "clinician", DEMO_PASSWORD)).accessToken);
    const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: "GET", url, headers });
    const post = (url: string, payload: object, headers?: { authorization: string }) =>
      t.app.inject({ method: "POST", url, headers, payload });

    // What a clinic's day sends through query strings and bodies, for every demo patient.
    for (const p of patients) {
      const q = encodeURIComponent;
      await get(`/api/patients?search=${q(p.last_name)}`, admin);
      await get(`/api/patients?search=${q(`${p.first_name} ${p.last_name}`)}`, clinician);
      await get(`/api/patients/check-mrn?mrn=${q(p.mrn)}`, clinician);
      const contact = [p.email ? `email=${q(p.email)}` : "", p.mobile_number ? `phone=${p.mobile_number}` : ""];
      await get(
        `/api/respondents/exist?ccaId=${p.ccaId}&name_first=${q(p.first_name)}&name_last=${q(p.last_name)}&${contact.join("&")}`,
        admin,
      );
      if (p.email) await post("/api/security/forgot-password", { email: p.email });
      if (p.mobile_number) await post("/api/security/generate-access-code", { identifier: p.mobile_number });
      // A duplicate MRN: refused by the uniqueness rule, and the refusal logged as an error line.
      await post(
        "/api/patients",
        { mrn: p.mrn, first_name: p.first_name, last_name: p.last_name, birth_date: "2001-01-01", gender: "f" },
        admin,
      );
    }

    // Live secrets: an invitation's setup link followed (validate-token, the page, account setup),
    // a reset link and an access code, read from the stored messages as a mail server gets them.
    const added = await post(
      "/api/respondents",
      {
        ccaId: patients[0].ccaId,
        name_first: "Robin",
        name_last: "Logtest",
        respondent_type: "caregiver",
        relation_id: 4,
        email: "robin.logtest@example.org",
      },
      admin,
    );
    expect(added.statusCode, added.body).toBe(201);
    const invited = await post(`/api/users/${added.json().userId}/send-invitation`, {}, admin);
    expect(invited.statusCode, invited.body).toBe(200);
    await post(
      "/api/security/secure-generate-access-code",
      { ccauId: await ownLink(patients[0].user_id as number) },
      admin,
    );
    const stored = await t.db.selectFrom("outbox_message").select(["body", "link", "secret"]).execute();
    secrets.push(...messageSecrets(stored));
    const setup = stored.find((m) => m.link?.includes("/security/account-setup"));
    expect(setup, "an invitation was sent").toBeDefined();
    const token = new URL(setup?.link as string).searchParams.get("token") as string;
    expect((await get(`/api/security/validate-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    await get(`/security/account-setup?token=${encodeURIComponent(token)}`);
    await get(`/api/security/username?username=newname&token=${encodeURIComponent(token)}`);
    expect(secrets.length).toBeGreaterThanOrEqual(3);

    const log = readFileSync(logFile, "utf8");
    expect(log).toContain("incoming request");
    expect(log).toContain("/api/patients/check-mrn?mrn=[redacted]");
    const found = phiAndSecretsIn(log, patients, secrets);
    expect(found).toEqual([]);
  });

  /** The patient's own link (relation 1) of a patient's account. */
  async function ownLink(userId: number): Promise<number> {
    const row = await t.db
      .selectFrom("cca_user")
      .select("id")
      .where("user_id", "=", userId)
      .where(sql<boolean>`relation_id = 1`)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});

describe("redactUrl", () => {
  it("keeps the path and the parameter names, never a value", () => {
    expect(redactUrl("/api/patients?search=Jordan%20Rivera&page=2")).toBe(
      "/api/patients?search=[redacted]&page=[redacted]",
    );
    expect(redactUrl("/security/account-setup?token=abc")).toBe("/security/account-setup?token=[redacted]");
    expect(redactUrl("/api/patients/7")).toBe("/api/patients/7");
    expect(redactUrl("/api/x?jordan.rivera@example.com")).toBe("/api/x?[redacted]");
  });
});
