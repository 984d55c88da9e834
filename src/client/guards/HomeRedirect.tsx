import { Redirect } from "../app/Redirect.tsx";
import { homePath } from "../auth/permissions.ts";
import { useSignedInUser } from "../auth/useSession.ts";

/** "/" (spec §2 Home): each role has its own home page. Rendered behind RequireAuth. */
export function HomeRedirect() {
  return <Redirect to={homePath(useSignedInUser())} />;
}
