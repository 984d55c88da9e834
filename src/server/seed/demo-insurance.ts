import type { Kysely } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database, PatientInsuranceTable } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { insuranceEntity } from "../insurance/insurance-entity.ts";

type Coverage = Omit<PatientInsuranceTable, "id" | "extra" | "version" | "updated_at">;

const NONE = {
  provider: null,
  plan_name: null,
  member_id: null,
  group_id: null,
  subscriber_name: null,
  relation_to_subscriber: null,
  effective_date: null,
  end_date: null,
};
type Card = { [K in keyof typeof NONE]: string | null };

function coverage(primary: Partial<Card>, secondary: Partial<Card> = {}): Coverage {
  const prefixed = (prefix: string, card: Partial<Card>) =>
    Object.fromEntries(Object.entries({ ...NONE, ...card }).map(([k, v]) => [`${prefix}_${k}`, v]));
  return { ...prefixed("primary", primary), ...prefixed("secondary", secondary) } as Coverage;
}

/**
 * The insurance of a few demo patients (by their place in demoPatients), so the chart's Insurance
 * tab has something to show: Jordan Rivera (MRN1001) is on his mother Morgan's employer plan with
 * Medicaid as secondary; others have one plan, one a plan that ended; the rest have none on
 * file. Payers and numbers are made up.
 */
const DEMO_INSURANCE: { patient: number; insurance: Coverage }[] = [
  {
    patient: 0,
    insurance: coverage(
      {
        provider: "Prairie Blue Health",
        plan_name: "PPO Choice",
        member_id: "PBH 804 112 093",
        group_id: "040517",
        subscriber_name: "Morgan Rivera",
        relation_to_subscriber: "child",
        effective_date: "2024-01-01",
      },
      {
        provider: "Illinois Medicaid",
        plan_name: "All Kids",
        member_id: "ALK-7730214",
        subscriber_name: "Jordan Rivera",
        relation_to_subscriber: "self",
        effective_date: "2023-07-01",
        end_date: "2026-06-30",
      },
    ),
  },
  {
    patient: 1,
    insurance: coverage({
      provider: "Lakeshore Health Plan",
      plan_name: "HMO Select",
      member_id: "LHP55012877",
      group_id: "GRP-2231",
      relation_to_subscriber: "child",
      effective_date: "2025-01-01",
    }),
  },
  {
    patient: 3,
    insurance: coverage({
      provider: "Heartland Mutual",
      plan_name: "EPO Bronze",
      member_id: "HM 3301 9942",
      relation_to_subscriber: "self",
      effective_date: "2022-03-01",
      end_date: "2024-12-31",
    }),
  },
  {
    patient: 5,
    insurance: coverage(
      { provider: "Lakeshore Health Plan", plan_name: "PPO Gold", member_id: "LHP77120045", group_id: "GRP-0910" },
      { provider: "Prairie Blue Health", member_id: "PBH 220 318 554", relation_to_subscriber: "spouse" },
    ),
  },
];

/** Stores the demo insurance as a first save would: version 1, and version 1 of its history. */
export async function seedDemoInsurance(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  patientIds: number[],
  createdBy: number,
): Promise<void> {
  const rows = DEMO_INSURANCE.filter((d) => patientIds[d.patient] !== undefined).map((d) => ({
    id: patientIds[d.patient],
    ...d.insurance,
    version: 1,
  }));
  if (rows.length === 0) return;
  await db.insertInto("patient_insurance").values(rows).execute();
  const records = await entityStore(insuranceEntity, bundle).readMany(
    db,
    rows.map((r) => r.id),
  );
  await db
    .insertInto("record_history")
    .values(
      records.map((data) => ({
        entity: insuranceEntity.name,
        entity_id: data.id,
        version: 1,
        data: JSON.stringify(data),
        changed_by: createdBy,
      })),
    )
    .execute();
}
