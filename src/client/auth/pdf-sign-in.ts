import { ApiError } from "../api/api-error.ts";
import { errorText } from "../api/error-text.ts";
import { api } from "../api/http.ts";
import { adoptTabOnlyToken } from "../api/tokens.ts";
import { isPrintPath } from "../pages/print/print-paths.ts";
import { sessionStore } from "./session-store.ts";

/** The query parameter a PDF renderer's address carries (spec §2: "A pdf-key query parameter on a route"). */
export const PDF_KEY_PARAM = "pdf-key";

export const PDF_LINK_EXPIRED = "This PDF link has expired or was already used.";

/**
 * How this tab's pdf-key sign-in went. "none": the tab was not opened with a pdf-key (a clinician's
 * browser). The print pages read it to say why there is nothing to show instead of sending a
 * renderer to the login page, where it would wait for a readiness signal that never comes.
 */
export type PdfSignIn =
  | { status: "none" }
  | { status: "signing-in" }
  | { status: "signed-in" }
  | { status: "failed"; message: string };

let state: PdfSignIn = { status: "none" };

export function pdfSignIn(): PdfSignIn {
  return state;
}

/** For tests: forget the last pdf-key sign-in. */
export function resetPdfSignInForTests(): void {
  state = { status: "none" };
}

interface PdfSession {
  accessToken: string;
  expiresIn: number;
}

/**
 * Takes the pdf-key out of a print page's address (history.replaceState, before the router reads
 * it), so the one-use key is neither kept in the history nor sent on by a copied address.
 * Null when the address is no print page or carries no key.
 */
export function takePdfKey(location: Location = window.location): string | null {
  if (!isPrintPath(location.pathname)) return null;
  const params = new URLSearchParams(location.search);
  const key = params.get(PDF_KEY_PARAM);
  if (key === null) return null;
  params.delete(PDF_KEY_PARAM);
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    "",
    `${location.pathname}${search ? `?${search}` : ""}${location.hash}`,
  );
  return key;
}

/**
 * Signs this tab in with a pdf-key (POST security/pdf-login): the answer's access token is kept
 * for this tab only (tokens.ts), with no refresh token. Resolves true when signed in; on a refused
 * or failed key the session is anonymous and pdfSignIn() says why.
 */
export async function signInWithPdfKey(key: string): Promise<boolean> {
  state = { status: "signing-in" };
  sessionStore.set({ status: "loading" });
  try {
    const session = await api<PdfSession>("security/pdf-login", { method: "POST", body: { key }, renew: false });
    adoptTabOnlyToken(session.accessToken);
    state = { status: "signed-in" };
    return true;
  } catch (error) {
    const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
    state = { status: "failed", message: refused ? PDF_LINK_EXPIRED : errorText(error) };
    sessionStore.set({ status: "anonymous" });
    return false;
  }
}
