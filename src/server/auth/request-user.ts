import type { Permission } from "../../shared/permissions.ts";

/** Who is calling, loaded fresh from the database for every authenticated request. */
export interface RequestUser {
  id: number;
  uuid: string;
  username: string | null;
  userType: "clinical" | "patient";
  status: number;
  roles: string[];
  /** Shared by every request of the same roles (load-user.ts): read-only. */
  permissions: ReadonlySet<Permission>;
  firstName: string;
  lastName: string;
}

/**
 * What a route requires, declared in its `config.access`. Every /api route must declare one
 * (app.ts refuses to start otherwise), so no route is open by omission.
 * - "public": anyone, signed in or not (login, health).
 * - "authenticated": any signed-in user.
 * - { anyOf: [...] }: a signed-in user with at least one of these permissions.
 */
export type RouteAccess = "public" | "authenticated" | { anyOf: Permission[] };

declare module "fastify" {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
