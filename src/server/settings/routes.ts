import type { FastifyInstance } from "fastify";
import type { GeneralSettingsUpdate } from "../../../generated/types/api/general-settings-update.ts";
import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { SETTINGS_ADMIN } from "./access.ts";
import { readGeneralSettings } from "./general-settings.ts";
import { updateGeneralSettings } from "./general-settings-update.ts";
import { mergeUiSettings, savedUiSettings } from "./ui-settings.ts";

/**
 * GET /api/settings/general, the admin's PUT of the settings they own, and the per-user
 * GET/POST /api/settings/ui-settings (spec §7 Settings).
 */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const GENERAL = recordResponse("api/general-settings.json");
  const UI = recordResponse("api/ui-settings.json");

  app.get(
    "/api/settings/general",
    // loginAs: a device handed to a respondent needs the clinic's time zone and session timeout too.
    { config: { access: "authenticated", loginAs: true }, schema: { response: { 200: GENERAL } } },
    async () => readGeneralSettings(ctx.db, ctx.bundle, ctx.dbKind),
  );

  app.put(
    "/api/settings/general",
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        body: { $ref: "api/general-settings-update.json" },
        // 409: the update was based on an older version of the settings; 428: it named none.
        response: { 200: GENERAL, ...errorResponses(409, 428) },
      },
    },
    async (request) => {
      await updateGeneralSettings(ctx.db, (request.user as RequestUser).id, request.body as GeneralSettingsUpdate);
      return readGeneralSettings(ctx.db, ctx.bundle, ctx.dbKind);
    },
  );

  app.get(
    "/api/settings/ui-settings",
    { config: { access: "authenticated" }, schema: { response: { 200: UI } } },
    async (request) => savedUiSettings(ctx.db, (request.user as RequestUser).id),
  );

  app.post(
    "/api/settings/ui-settings",
    { config: { access: "authenticated" }, schema: { body: { $ref: "api/ui-settings.json" }, response: { 200: UI } } },
    async (request) => mergeUiSettings(ctx.db, (request.user as RequestUser).id, request.body as UiSettings),
  );
}
