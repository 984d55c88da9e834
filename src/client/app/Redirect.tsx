// biome-ignore lint/style/noRestrictedImports: this is the one place that wraps Navigate (see below).
import { Navigate, type NavigateProps, useLocation } from "react-router-dom";

/**
 * Sends the user on to `to`, replacing the address they arrived at. Use it instead of
 * react-router's <Navigate>, which navigates once, when it mounts: when the user comes back to
 * the same address before the target screen has shown (a director signed in at /analytics clicks
 * Analytics while the explorer's code still loads on a slow phone), React never unmounted the
 * first <Navigate>, so it did not fire again and the page stayed blank. Keyed by the location's
 * key, it mounts anew, and fires, on every arrival.
 */
export function Redirect(props: Omit<NavigateProps, "replace">) {
  const { key } = useLocation();
  return <Navigate key={key} {...props} replace />;
}
