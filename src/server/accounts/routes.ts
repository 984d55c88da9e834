import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import { contactInfoRoutes } from "../contacts/contact-routes.ts";
import { accessCodeRoutes } from "./access-code-routes.ts";
import { invitationRoutes } from "./invitation-routes.ts";
import { myAccountRoutes } from "./my-account-routes.ts";
import { registerRateLimit } from "./rate-limit.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import { setupRoutes } from "./setup-routes.ts";

/** Account lifecycle (issue 3 §3; docs/api/accounts.md): invitations, setup, recovery, access codes, my account. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerRateLimit(app);
  await invitationRoutes(app, ctx);
  await setupRoutes(app, ctx);
  await recoveryRoutes(app, ctx);
  await accessCodeRoutes(app, ctx);
  await myAccountRoutes(app, ctx);
  await contactInfoRoutes(app, ctx);
}
