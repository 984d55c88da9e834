import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { MESSAGES } from "../../shared/api-errors.ts";
import { setApiHandlers } from "../api/api-events.ts";
import { endSessionLocally } from "../auth/session-actions.ts";
import { sessionStore } from "../auth/session-store.ts";
import { toastInfo } from "../notifications/toast.ts";

/**
 * Connects the API layer to the router and the session store. A dead session clears everything;
 * the guards then send a protected page to the login page, which remembers it (spec §2, §8).
 */
export function useApiWiring(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(
    () =>
      setApiHandlers({
        sessionEnded: () => {
          const wasSignedIn = sessionStore.get().status === "signedIn";
          endSessionLocally("expired");
          if (wasSignedIn) toastInfo(MESSAGES.sessionExpired, undefined, "session-expired");
        },
        sessionRenewed: (user) => {
          const state = sessionStore.get();
          if (state.status === "signedIn" && state.user.id === user.id) sessionStore.set({ status: "signedIn", user });
        },
        passwordResetRequired: () => {
          const state = sessionStore.get();
          if (state.status === "signedIn" && !state.user.mustChangePassword) {
            sessionStore.set({ status: "signedIn", user: { ...state.user, mustChangePassword: true } });
          }
        },
        maintenance: () => {
          if (currentPath.current !== "/maintenance") navigate("/maintenance");
        },
        reachable: () => {
          if (currentPath.current === "/maintenance") navigate("/", { replace: true });
        },
      }),
    [navigate],
  );
}
