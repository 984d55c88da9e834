import { useEffect } from "react";
import { hasTabOnlySession, storedTokens, tokenSubject } from "../api/tokens.ts";
import { endSessionLocally, loadSession } from "../auth/session-actions.ts";
import { sessionStore } from "../auth/session-store.ts";
import { STORAGE_KEYS } from "../local-store.ts";
import { queryClient } from "../query-client.ts";

/**
 * Keeps the tabs of one browser in step: signing out in one signs out all; signing in in one signs
 * in the others; and a tab never goes on showing one user while holding another user's tokens.
 */
export function useCrossTabSession(): void {
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      // A PDF-rendering tab's session is its own (tokens.ts): other tabs' sign-ins do not concern it.
      if (hasTabOnlySession()) return;
      const { accessToken } = storedTokens();
      const state = sessionStore.get();
      if (!accessToken) {
        if (state.status === "signedIn") endSessionLocally("sign-out");
        return;
      }
      if (state.status === "anonymous") {
        void loadSession();
        return;
      }
      const subject = tokenSubject(accessToken);
      if (state.status === "signedIn" && subject !== null && subject !== String(state.user.id)) {
        queryClient.clear();
        void loadSession();
      }
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
}
