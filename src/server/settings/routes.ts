import type { FastifyInstance } from "fastify";
import type { GeneralSettingsUpdate } from "../../../generated/types/api/general-settings-update.ts";
import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { SETTINGS_ADMIN } from "./access.ts";
import { readGeneralSettings } from "./general-settings.ts";
import { updateGeneralSettings } from "./general-settings-update.ts";
import { mergeUiSettings, savedUiSettings } from "./ui-settings.ts";

/**
 * GET /api/settings/general, the admin's PUT of the settings they own, and the per-user
 * GET/POST /api/settings/ui-settings (spec §7 Settings).
 */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/settings/general", { config: { access: "authenticated" } }, async () =>
    readGeneralSettings(ctx.db, ctx.bundle, ctx.dbKind),
  );

  app.put(
    "/api/settings/general",
    { config: { access: SETTINGS_ADMIN }, schema: { body: { $ref: "api/general-settings-update.json" } } },
    async (request) => {
      await updateGeneralSettings(ctx.db, (request.user as RequestUser).id, request.body as GeneralSettingsUpdate);
      return readGeneralSettings(ctx.db, ctx.bundle, ctx.dbKind);
    },
  );

  app.get("/api/settings/ui-settings", { config: { access: "authenticated" } }, async (request) =>
    savedUiSettings(ctx.db, (request.user as RequestUser).id),
  );

  app.post(
    "/api/settings/ui-settings",
    { config: { access: "authenticated" }, schema: { body: { $ref: "api/ui-settings.json" } } },
    async (request) => mergeUiSettings(ctx.db, (request.user as RequestUser).id, request.body as UiSettings),
  );
}
