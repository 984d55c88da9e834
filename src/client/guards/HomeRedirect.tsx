import { Navigate } from "react-router-dom";
import { homePath } from "../auth/permissions.ts";
import { useSignedInUser } from "../auth/useSession.ts";

/** "/" (spec §2 Home): each role has its own home page. Rendered behind RequireAuth. */
export function HomeRedirect() {
  return <Navigate to={homePath(useSignedInUser())} replace />;
}
