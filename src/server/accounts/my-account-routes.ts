import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import type { EditUsernameRequest } from "../../../generated/types/api/edit-username.ts";
import type { MyAccountUpdate } from "../../../generated/types/api/my-account.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { listContacts } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { appendHistory } from "../history/record-history.ts";
import { badRequest, notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { onUsernameRace, usernameInUse, usernameTaken } from "./usernames.ts";

export const ACCOUNT_NOT_FOUND = "The account does not exist.";
export const NAME_KEPT_BY_CLINIC = "Your name is kept by your clinic. Ask them to change it.";

const ACCESS = { access: { anyOf: ["respondent.account" as const] } };
/** Every route answers the caller's account; anyone else's id is a 404. */
const OWN_ACCOUNT = { 200: recordResponse("api/responses/own-account.json"), ...errorResponses(404) };

/** The caller's own account id, or a 404 for anyone else's: ids of other accounts do not exist here. */
function ownId(request: FastifyRequest, id: number): number {
  if (request.user?.id !== id) throw notFound(ACCOUNT_NOT_FOUND);
  return id;
}

async function loadAccount(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom("app_user as u")
    .select([
      "u.id",
      "u.username",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.status",
      "u.user_type",
      sql<boolean>`exists (select 1 from patient p where p.user_id = u.id)`.as("is_patient_self"),
    ])
    .where("u.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    status: row.status,
    user_type: row.user_type,
    isAccountActive: row.status === ACCOUNT_STATUS.active,
    /** The patient's own account: the name is the chart's and is changed by the clinic. */
    nameEditable: !row.is_patient_self,
    contacts: (await listContacts(db, [row.id])).get(row.id) ?? [],
  };
}

/** My account for respondents (spec §2 /my-account; §7 My account): the caller's own account only. */
export async function myAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { id: number } }>(
    "/api/users/:id",
    { config: ACCESS, schema: { params: { $ref: "api/id-params.json" }, response: OWN_ACCOUNT } },
    async (request) => loadAccount(ctx.db, ownId(request, request.params.id)),
  );

  app.put<{ Params: { id: number }; Body: MyAccountUpdate }>(
    "/api/users/:id",
    {
      config: ACCESS,
      schema: { params: { $ref: "api/id-params.json" }, body: { $ref: "api/my-account.json" }, response: OWN_ACCOUNT },
    },
    async (request) => {
      const id = ownId(request, request.params.id);
      const current = await loadAccount(ctx.db, id);
      const next = {
        first_name: request.body.first_name,
        middle_name: request.body.middle_name ?? null,
        last_name: request.body.last_name,
      };
      const changed =
        next.first_name !== current.first_name ||
        next.middle_name !== current.middle_name ||
        next.last_name !== current.last_name;
      if (changed && !current.nameEditable) throw badRequest([{ field: "first_name", message: NAME_KEPT_BY_CLINIC }]);
      if (changed) {
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable("app_user")
            .set({ ...next, updated_at: sql<Date>`now()` })
            .where("id", "=", id)
            .execute();
          await appendHistory(trx, { entity: "app_user", entityId: id, data: next, changedBy: id });
        });
      }
      return loadAccount(ctx.db, id);
    },
  );

  app.put<{ Params: { id: number }; Body: EditUsernameRequest }>(
    "/api/users/:id/username",
    {
      config: ACCESS,
      schema: {
        params: { $ref: "api/id-params.json" },
        body: { $ref: "api/edit-username.json" },
        response: OWN_ACCOUNT,
      },
    },
    async (request) => {
      const id = ownId(request, request.params.id);
      const { username } = request.body;
      if (await usernameTaken(ctx.db, username, id)) throw usernameInUse();
      await onUsernameRace(() =>
        ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable("app_user")
            .set({ username, updated_at: sql<Date>`now()` })
            .where("id", "=", id)
            .execute();
          await appendHistory(trx, { entity: "app_user", entityId: id, data: { username }, changedBy: id });
        }),
      );
      return loadAccount(ctx.db, id);
    },
  );

  // The contact-info routes (/api/users/:user_id/contact-info) are contacts/contact-routes.ts.
}
