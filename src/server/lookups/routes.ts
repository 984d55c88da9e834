import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { ByRoleQuery } from "../../../generated/types/api/by-role-query.ts";
import type { AppContext } from "../app-context.ts";
import type { RouteAccess } from "../auth/request-user.ts";
import { assignableRoles, DEACTIVATED_STATUS } from "../patients/assignable-roles.ts";

/** Whoever adds, edits or views patients needs these pick lists. */
const PATIENT_WORK: RouteAccess = {
  anyOf: ["patients.write", "patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"],
};

/** The lists the patient form picks from: clinicians a patient can be assigned to, and clinician teams. */
export async function lookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/clinical-user/by-role/clinician",
    { config: { access: PATIENT_WORK }, schema: { querystring: { $ref: "api/by-role-query.json" } } },
    async (request) => {
      const { onlyActive } = request.query as ByRoleQuery;
      let query = ctx.db
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
              .where("r.role", "in", assignableRoles(ctx.bundle)),
          ),
        );
      // "Active" here is the same rule as for assigning: anyone not deactivated.
      if (onlyActive === 1) query = query.where("u.status", "<>", DEACTIVATED_STATUS);
      const rows = await query
        .orderBy(sql`lower(u.last_name)`)
        .orderBy(sql`lower(u.first_name)`)
        .orderBy("u.id")
        .execute();
      return { rows, totalRecords: rows.length };
    },
  );

  app.get("/api/clinician-team", { config: { access: PATIENT_WORK } }, async () => {
    const rows = await ctx.db
      .selectFrom("clinician_team")
      .select(["id", "name"])
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute();
    return { rows, totalRecords: rows.length };
  });
}
