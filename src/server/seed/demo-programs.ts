import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { DemoClinic } from "./demo-clinic.ts";

/**
 * Programs on in the demo clinic, with one program so the settings screens have data: the
 * "Intensive Outpatient Program" (an intensive outpatient type, eight weeks, aiming at six),
 * worked by the demo clinician and the Outpatient Team, assigning the PHQ-9 every two weeks from
 * admission and once at discharge. The demo's admissions and further programs come with issue 11 §5.
 */
export async function seedDemoPrograms(db: Kysely<Database>, clinic: DemoClinic): Promise<void> {
  await db
    .insertInto("general_setting")
    .values({ key: "programs_enabled", value: JSON.stringify(true) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const type = await db
    .insertInto("program_type")
    .values({ name: "Intensive outpatient" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto("program_group")
    .values({ name: "Adult services" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const program = await db
    .insertInto("program")
    .values({
      name: "Intensive Outpatient Program",
      description: "Three evenings a week of group and individual therapy for adults.",
      program_type_id: type.id,
      program_group_id: group.id,
      length: 8,
      length_type: "weeks",
      desired_length: 6,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("program_clinician")
    .values({ program_id: program.id, clinician_id: clinic.users.clinician })
    .execute();
  await db.insertInto("program_clinician_team").values({ program_id: program.id, team_id: clinic.teamId }).execute();
  const phq9 = await db.selectFrom("measure").select("id").where("definition_id", "=", "phq-9").executeTakeFirst();
  if (!phq9) return; // a deployment without the PHQ-9 in its library: the program assigns nothing yet
  await db
    .insertInto("program_measure")
    .values([
      { program_id: program.id, measure_id: phq9.id, frequency: 4, timing: "admission" },
      { program_id: program.id, measure_id: phq9.id, frequency: 1, timing: "discharge" },
    ])
    .execute();
}
