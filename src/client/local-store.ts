/**
 * Everything the client keeps in the browser sits in localStorage under "mbc." so that it can be
 * found, shared between tabs and cleared as one. Access to localStorage can throw (private mode,
 * a full quota); the app then behaves as if nothing was stored.
 */
export const STORAGE_PREFIX = "mbc.";

export const STORAGE_KEYS = {
  accessToken: "mbc.accessToken",
  /**
   * Where earlier versions kept the refresh token; it now lives in an HttpOnly cookie no script
   * can read (issue 8 §5). Only ever removed.
   */
  legacyRefreshToken: "mbc.refreshToken",
  /**
   * Epoch ms of the user's last activity in any tab. The sign-out deadline is this plus the
   * timeout: all tabs share it, and it stays right when the settings arrive after the timer starts.
   */
  lastActivity: "mbc.lastActivity",
  /**
   * The address the clinician handed the device over from (a chart: ids only, no names), where
   * "Return to clinician" takes them back (login-as, issue 10 §5).
   */
  loginAsReturnTo: "mbc.loginAsReturnTo",
  /** Last application version seen (spec §4 Version change, §9). */
  appVersion: "mbc.appVersion",
  /**
   * The paper size PDFs are made on, "letter" or "a4" (issue 14 §3). A fact about the clinic's
   * printers, not about a user: kept when a session ends.
   */
  pdfPaper: "mbc.pdfPaper",
} as const;

/**
 * Opened program accordions, one key per user and tab (pages/program-lists/opened-programs.ts).
 * Kept when a session ends: spec §9 remembers them per user, and they hold program ids only.
 */
export const OPENED_PROGRAMS_PREFIX = "mbc.openedPrograms.";

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives only as long as the call that needed it.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** Removes every "mbc." key except those listed and those starting with one of `keepPrefixes`. */
export function clearItems(keep: readonly string[] = [], keepPrefixes: readonly string[] = []): void {
  try {
    const storage = window.localStorage;
    const ours: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(STORAGE_PREFIX) || keep.includes(key)) continue;
      if (!keepPrefixes.some((prefix) => key.startsWith(prefix))) ours.push(key);
    }
    for (const key of ours) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}
