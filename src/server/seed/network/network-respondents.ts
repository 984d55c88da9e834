import type { Kysely } from "kysely";
import { enumOptions, type SchemaBundle, schemaById } from "../../../shared/schema/bundle.ts";
import { RESPONDENT_ROLE } from "../../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../../auth/access-hook.ts";
import { type Channel, EMAIL, normalizeContactValue, PHONE } from "../../contacts/contacts.ts";
import type { Database } from "../../db/database-types.ts";
import { bulkInsert, reserveIds } from "./network-bulk.ts";
import type { PatientPlan, RespondentRelation } from "./network-patient-plan.ts";

/**
 * Writes the parents, guardians and teachers of planned patients as the respondents API adds a
 * new person to a chart (respondents/respondent-link.ts): an account (respondent, Not Invited),
 * its contacts (primary email and phone), the claims of those contacts by the person's name
 * (respondent_contact_claim: one account per person) and the link to the chart with its
 * relation and respondent type.
 */

export interface RespondentLinkIds {
  ccauId: number;
  userId: number;
  relationId: number;
  respondentType: string;
}

/** Relation ids by their title in enums/relation.json, so the generator reads "Mother", never 4. */
export function relationIds(bundle: SchemaBundle): Record<RespondentRelation, number> {
  const options = enumOptions(schemaById(bundle, "enums/relation.json"));
  const id = (label: string) => {
    const option = options.find((o) => o.label === label);
    if (!option) throw new Error(`enums/relation.json has no relation titled "${label}"`);
    return option.value as number;
  };
  return { Mother: id("Mother"), Father: id("Father"), Guardian: id("Guardian"), Teacher: id("Teacher") };
}

/**
 * Inserts the respondents of a batch of patients (ccaIds in the same order) and answers, per
 * patient, the links made (in plan order). `claimed` carries the contact claims made so far:
 * two people of one name sharing a fictional phone number claim it once, as the API would.
 */
export async function insertRespondentBatch(
  db: Kysely<Database>,
  plans: readonly PatientPlan[],
  ccaIds: readonly number[],
  ctx: { relations: Record<RespondentRelation, number>; claimed: Set<string> },
): Promise<RespondentLinkIds[][]> {
  const people = plans.flatMap((p, i) => p.respondents.map((r) => ({ r, ccaId: ccaIds[i], patient: i })));
  const out: RespondentLinkIds[][] = plans.map(() => []);
  if (people.length === 0) return out;
  const userIds = await reserveIds(db, "app_user", people.length);
  const ccauIds = await reserveIds(db, "cca_user", people.length);
  await bulkInsert(db, "app_user", {
    id: { type: "bigint", values: userIds },
    uuid: { type: "uuid", values: people.map((x) => x.r.uuid) },
    user_type: { type: "text", values: people.map(() => "patient") },
    status: { type: "smallint", values: people.map(() => ACCOUNT_STATUS.notInvited) },
    first_name: { type: "text", values: people.map((x) => x.r.first) },
    last_name: { type: "text", values: people.map((x) => x.r.last) },
  });
  await bulkInsert(db, "user_role", {
    user_id: { type: "bigint", values: userIds },
    role: { type: "text", values: userIds.map(() => RESPONDENT_ROLE) },
  });
  const contacts = people.flatMap((x, k) => [
    ...(x.r.email ? [{ userId: userIds[k], channel: EMAIL as Channel, value: x.r.email, r: x.r }] : []),
    ...(x.r.phone ? [{ userId: userIds[k], channel: PHONE as Channel, value: x.r.phone, r: x.r }] : []),
  ]);
  await bulkInsert(db, "contact", {
    user_id: { type: "bigint", values: contacts.map((c) => c.userId) },
    channel: { type: "smallint", values: contacts.map((c) => c.channel) },
    is_primary: { type: "boolean", values: contacts.map(() => true) },
    emr: { type: "boolean", values: contacts.map(() => false) },
    value: { type: "text", values: contacts.map((c) => c.value) },
  });
  const claims = contacts
    .map((c) => ({
      ...c,
      key: normalizeContactValue(c.channel, c.value).toLowerCase(),
      first: c.r.first.toLowerCase(),
      last: c.r.last.toLowerCase(),
    }))
    .filter((c) => {
      const id = `${c.channel}|${c.key}|${c.first}|${c.last}`;
      if (ctx.claimed.has(id)) return false;
      ctx.claimed.add(id);
      return true;
    });
  await bulkInsert(db, "respondent_contact_claim", {
    channel: { type: "smallint", values: claims.map((c) => c.channel) },
    value: { type: "text", values: claims.map((c) => c.key) },
    first_name: { type: "text", values: claims.map((c) => c.first) },
    last_name: { type: "text", values: claims.map((c) => c.last) },
    user_id: { type: "bigint", values: claims.map((c) => c.userId) },
  });
  await bulkInsert(db, "cca_user", {
    id: { type: "bigint", values: ccauIds },
    cca_id: { type: "bigint", values: people.map((x) => x.ccaId) },
    user_id: { type: "bigint", values: userIds },
    relation_id: { type: "smallint", values: people.map((x) => ctx.relations[x.r.relation]) },
    respondent_type: { type: "text", values: people.map((x) => x.r.type) },
  });
  people.forEach((x, k) => {
    out[x.patient].push({
      ccauId: ccauIds[k],
      userId: userIds[k],
      relationId: ctx.relations[x.r.relation],
      respondentType: x.r.type,
    });
  });
  return out;
}
