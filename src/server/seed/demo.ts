import { type Kysely, sql } from "kysely";
import { defaultBundle, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Database } from "../db/database-types.ts";
import { seedDemoAdmissions } from "./demo-admissions.ts";
import { DEMO_PASSWORD, seedDemoClinic } from "./demo-clinic.ts";
import { seedDemoInsurance } from "./demo-insurance.ts";
import { seedDemoMeasures } from "./demo-measures.ts";
import { seedDemoPatients } from "./demo-patients.ts";
import { seedDemoPrograms } from "./demo-programs.ts";
import { seedDemoRespondents } from "./demo-respondents.ts";

// Any constant works; nodes starting together against one database take turns on it.
const SEED_LOCK_KEY = 725_002;

/**
 * Seeds the demo clinic (contracts.md "Demo seed") on a database with no clinical users yet:
 * locations, the demo clinical users, supervision, "Outpatient Team", about 50 patients and their
 * respondents (demo-respondents.ts: parents, teachers, and the `jordan` and `parent` logins), the
 * insurance of a few of them (demo-insurance.ts), their PHQ-9 and GAD-7 histories with alerts
 * (demo-measures.ts), programs on with three programs (demo-programs.ts), and about 18 months of
 * admissions and discharges with their measures (demo-episodes.ts plans them, demo-admissions.ts
 * writes them).
 * All in one transaction, so a failed seed leaves nothing behind; true when it seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, bundle: SchemaBundle = defaultBundle): Promise<boolean> {
  // Hashed once, before the transaction: PGlite has one connection, so nothing waits on it meanwhile.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx
      .selectFrom("app_user")
      .select("id")
      .where("user_type", "=", "clinical")
      .limit(1)
      .executeTakeFirst();
    if (existing) return false;
    const clinic = await seedDemoClinic(trx, passwordHash);
    const patientIds = await seedDemoPatients(trx, bundle, clinic, clinic.users.admin);
    await seedDemoRespondents(trx, bundle, { patientIds, passwordHash, createdBy: clinic.users.admin });
    await seedDemoInsurance(trx, bundle, patientIds, clinic.users.admin);
    await seedDemoMeasures(trx, bundle, clinic);
    const programs = await seedDemoPrograms(trx, clinic);
    await seedDemoAdmissions(trx, bundle, clinic, programs);
    return true;
  });
}
