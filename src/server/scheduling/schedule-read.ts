import type { Kysely } from "kysely";
import type { ScheduleSummary } from "../../../generated/types/api/responses/schedule-summary.ts";
import type { Frequency } from "../../../generated/types/enums/frequency.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import { nextOccurrence } from "../../shared/scheduling/next-occurrence.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { dueInstant } from "./generate-occurrences.ts";

export type { ScheduleSummary };

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A respondent's enabled schedules (optionally of one measure) as the chart shows them, keyed by
 * measure: frequency in words, anchor, and the next due date of each rule counted from today in
 * the clinic (next-occurrence.ts), with the measure already made for that date if there is one.
 */
export async function enabledSchedules(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  zone: string,
  ccauId: number,
): Promise<Map<number, ScheduleSummary[]>> {
  const schedules = await db
    .selectFrom("schedule")
    .select(["id", "measure_id", "due_date", "frequency", "appointment_id"])
    .where("ccau_id", "=", ccauId)
    .where("enabled", "=", true)
    .orderBy("due_date")
    .orderBy("id")
    .execute();
  const occurrences = schedules.length
    ? await db
        .selectFrom("client_measure")
        .select(["id", "schedule_id", "due_date", "status"])
        .where(
          "schedule_id",
          "in",
          schedules.map((s) => s.id),
        )
        .where("status", "<>", "disabled")
        .execute()
    : [];
  const label = new Map(enumOptions(schemaById(bundle, "enums/frequency.json")).map((o) => [o.value, o.label]));
  const today = todayIn(zone);
  const byMeasure = new Map<number, ScheduleSummary[]>();
  for (const s of schedules) {
    const own = occurrences.filter((o) => o.schedule_id === s.id);
    const submitted = new Set(own.filter((o) => o.status === "submitted").map((o) => day(o.due_date)));
    const next = nextOccurrence(s.frequency, day(s.due_date), today, submitted);
    const made = next ? own.find((o) => o.status !== "submitted" && day(o.due_date) === next) : undefined;
    const summary: ScheduleSummary = {
      id: s.id,
      due_date: next ? dueInstant(next).toISOString() : null,
      anchor_date: s.due_date.toISOString(),
      frequency: s.frequency as Frequency, // stored from a request validated by enums/frequency.json
      frequency_information: label.get(s.frequency) ?? String(s.frequency),
      next_occurrence: made
        ? { clientMeasureId: made.id, due_date: made.due_date.toISOString(), status: made.status }
        : null,
      visit_linked: s.appointment_id !== null,
    };
    byMeasure.set(s.measure_id, [...(byMeasure.get(s.measure_id) ?? []), summary]);
  }
  return byMeasure;
}
