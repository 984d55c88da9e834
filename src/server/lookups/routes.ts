import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { ByRoleQuery } from "../../../generated/types/api/by-role-query.ts";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { recordResponse } from "../http/response-schemas.ts";
import { assignableRoles, DEACTIVATED_STATUS } from "../patients/assignable-roles.ts";
import { FORM_LOOKUPS } from "../settings/access.ts";

/**
 * Clinical users holding any of `roles`, by name: {id, first_name, last_name, full_name, status}.
 * onlyActive=1 leaves out deactivated accounts ("active" is the same rule as for assigning:
 * anyone not deactivated, so a new hire can be picked before their first sign-in).
 */
async function usersWithRoles(db: Kysely<Database>, roles: string[], onlyActive: boolean) {
  let query = db
    .selectFrom("app_user as u")
    .select([
      "u.id",
      "u.first_name",
      "u.last_name",
      sql<string>`u.first_name || ' ' || u.last_name`.as("full_name"),
      "u.status",
    ])
    .where("u.user_type", "=", "clinical")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_role as r")
          .select("r.role")
          .whereRef("r.user_id", "=", "u.id")
          .where("r.role", "in", roles),
      ),
    );
  if (onlyActive) query = query.where("u.status", "<>", DEACTIVATED_STATUS);
  const rows = await query.orderBy(sql`lower(u.last_name)`).orderBy(sql`lower(u.first_name)`).orderBy("u.id").execute();
  return { rows, totalRecords: rows.length };
}

/**
 * The pick lists of the patient and settings forms: clinicians a patient can be assigned to
 * (clinicians, supervisors and therapists), and supervisors for the clinical user form.
 * Clinician teams are listed by clinician-teams/routes.ts.
 */
export async function lookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const byRole = {
    config: { access: FORM_LOOKUPS },
    schema: {
      querystring: { $ref: "api/by-role-query.json" },
      response: { 200: recordResponse("api/responses/clinical-user-options.json") },
    },
  };

  app.get("/api/clinical-user/by-role/clinician", byRole, async (request) =>
    usersWithRoles(ctx.db, assignableRoles(ctx.bundle), (request.query as ByRoleQuery).onlyActive === 1),
  );

  app.get("/api/clinical-user/by-role/supervisor", byRole, async (request) =>
    usersWithRoles(ctx.db, ["supervisor"], (request.query as ByRoleQuery).onlyActive === 1),
  );
}
