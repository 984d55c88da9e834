/** Sentences shared by server and client (spec §8), so both say the same thing. */
export const MESSAGES = {
  unexpected: "Oops, an unexpected error occurred. Try again later",
  invalidAccessToken: "Invalid access token",
  sessionExpired: "Your session has expired. Please sign in.",
  invalidCredentials: "The username or password is incorrect.",
  accountLocked: "This account is locked. Try again later or reset your password.",
  accountInactive: "This account is not active. Contact your clinic.",
  passwordResetRequired: "Password reset required",
  notFound: "We can't seem to process your last action.",
  forbidden: "You do not have access to this.",
  // PDF documents (issue 14; docs/documents.md).
  pdfOtherReport: "This PDF link can read only the report it was made for.",
  pdfKeyInvalid: "This PDF link has expired or was already used.",
  pdfUnavailable: "PDF rendering is not available on this server: install chromium",
  validation: "Some fields need your attention.",
  patientNotFound: "The patient does not exist or you do not have access to view it.",
  mrnInUse: "MRN already in use",
  maintenance: "We'll be back soon!",
  staleRecord: "This record was changed by someone else. Reload it to see their changes.",
  pageBeyondReach:
    "Only the first 10,000 records of a list can be opened by page number. Search or sort to find the rest.",
  cursorNotValid: "This list position is no longer valid. Start again from the first page.",
  // 503s of a busy server (docs/scale.md): the client shows them where the user is, not the maintenance page.
  queryTimeout:
    "This took too long, so the server stopped it. Try again; if it keeps happening, narrow the search or filters.",
  overloaded: "The server is busy right now. Try again in a few seconds.",
  versionRequired: "This save does not say which version of the record it changes. Reload the record and save again.",
  // Reminders (POST /api/respondents/:ccauId/send-reminder; docs/reminders.md).
  reminderNoContact: "This respondent has no email address or mobile number to send a reminder to. Add one first.",
  reminderNotificationsOff:
    "Notifications are turned off for this respondent, so no reminder can be sent. Turn on email or text notifications first.",
  reminderChannelsOff:
    "This respondent can only be reached by a channel the clinic has turned off (email or text messages).",
  reminderNothingOpen: "This respondent has nothing open to complete, so there is nothing to remind them about.",
  reminderRespondentInactive: "This respondent is deactivated and gets no reminders.",
  reminderNotSetUp: "This respondent's account is not active yet: send an invitation first.",
  reminderPatientInactive: "This patient is not active, so no reminders are sent.",
} as const;

/**
 * Codes of 503 answers that mean "busy, try again" rather than "down for maintenance": a statement
 * stopped by the database's time limit, a request refused under overload (docs/scale.md).
 */
export const BUSY_CODES: readonly string[] = ["query_timeout", "overloaded"];
