import type { FastifyInstance } from "fastify";

type Headers = { authorization: string };

let emailCounter = 0;

/** A fresh email per call, so tests never match each other's respondents by accident. */
export function nextEmail(name = "resp"): string {
  emailCounter += 1;
  return `${name}.${Date.now().toString(36)}${emailCounter}@example.org`;
}

/** A valid POST /api/respondents body for a chart (entities/respondent.json with ccaId); override any field. */
export function respondentBody(ccaId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ccaId,
    name_first: "Morgan",
    name_middle: null,
    name_last: "Example",
    respondent_type: "caregiver",
    relation_id: 4,
    email: nextEmail(),
    email_notification: true,
    phone: null,
    mobile_notification: true,
    ...overrides,
  };
}

/** The PUT body for a team row: the form's fields and the version it was read at. */
export function updateBodyFrom(row: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const fields = [
    "version",
    "name_first",
    "name_middle",
    "name_last",
    "respondent_type",
    "relation_id",
    "email",
    "email_notification",
    "phone",
    "mobile_notification",
  ];
  return { ...Object.fromEntries(fields.map((f) => [f, row[f]])), ...overrides };
}

export type TeamRow = Record<string, unknown> & {
  ccauId: number;
  userId: number;
  full_name: string;
  warnings: string[];
};

/** POSTs a respondent and returns the team row (fails the test on anything but 201). */
export async function addRespondent(
  app: FastifyInstance,
  headers: Headers,
  ccaId: number,
  overrides: Record<string, unknown> = {},
): Promise<TeamRow> {
  const res = await app.inject({
    method: "POST",
    url: "/api/respondents",
    headers,
    payload: respondentBody(ccaId, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`addRespondent: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** GET /api/teams/:ccaId rows (fails the test on anything but 200). */
export async function teamOf(app: FastifyInstance, headers: Headers, ccaId: number): Promise<TeamRow[]> {
  const res = await app.inject({ method: "GET", url: `/api/teams/${ccaId}`, headers });
  if (res.statusCode !== 200) throw new Error(`teamOf: ${res.statusCode} ${res.body}`);
  return res.json().rows;
}
