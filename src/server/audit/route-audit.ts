/**
 * What each API route records in the audit trail (issue 8 §2). A route declares it in its own
 * `config.audit`, or it is listed here; the server refuses to start when an /api route has
 * neither (audit-hook.ts), as it does for a missing `config.access`.
 *
 * Why a table as well as `config.audit`: the routes predate the trail and live in twenty modules;
 * one list a reviewer can read top to bottom shows at a glance which routes touch PHI and what
 * each records. New routes should declare `config.audit` next to `config.access`.
 *
 * `false` means the route shows no patient data and changes nothing worth a trail (health, docs,
 * lookups, the signed-in user's own session); every other route appends one event per request.
 */
export interface RouteAudit {
  /** e.g. "patient.read"; the Audit log screen filters by it. */
  action: string;
  /** The kind of record the route's id parameter names: patient, chart, respondent, client_measure, alert, account, ... */
  recordType?: string;
  /** Which path parameter holds the record's id. */
  recordParam?: string;
}

export type RouteAuditDeclaration = RouteAudit | false;

const r = (action: string, recordType?: string, recordParam?: string): RouteAudit => ({
  action,
  recordType,
  recordParam,
});

/** Keyed "METHOD /api/route/:pattern"; HEAD follows GET. */
export const ROUTE_AUDIT: Record<string, RouteAuditDeclaration> = {
  // Not PHI: service and documentation.
  "GET /api/health": false,
  "GET /api/openapi.json": false,
  "GET /api/state": false,

  // Sign-in and account security: every sign-in, failed sign-in and credential change.
  "POST /api/security/login": r("auth.sign-in"),
  "POST /api/security/logout": r("auth.sign-out"),
  "POST /api/security/renew-token": r("auth.renew"),
  "GET /api/security/keep-alive": false,
  "GET /api/security/get-session": false,
  "POST /api/security/validate-password": false,
  "GET /api/security/username": r("account.username-check"),
  "POST /api/security/generate-access-code": r("auth.access-code-request"),
  "POST /api/security/validate-access-code": r("auth.access-code-sign-in"),
  "POST /api/security/secure-generate-access-code": r("account.access-code-send", "respondent", "ccauId"),
  "GET /api/security/validate-token": r("auth.validate-token"),
  "POST /api/security/account-setup": r("auth.account-setup"),
  "POST /api/security/reset-password": r("auth.reset-password"),
  "POST /api/security/forgot-password": r("auth.forgot-password"),
  "POST /api/security/recover-username": r("auth.recover-username"),
  "POST /api/security/change-password": r("auth.change-password"),
  "POST /api/security/select-account": r("auth.select-account"),
  "POST /api/security/reset-clinical-user-password/:id": r("account.reset-password", "account", "id"),
  "POST /api/security/reset-user-password/:id": r("account.reset-password", "account", "id"),

  // Patients and their charts.
  "GET /api/patients": r("patient.list"),
  "POST /api/patients": r("patient.create"),
  "GET /api/patients/check-mrn": r("patient.check-mrn"),
  "GET /api/patients/:patientId": r("patient.read", "patient", "patientId"),
  "PUT /api/patients/:patientId": r("patient.update", "patient", "patientId"),
  "GET /api/patients/:patientId/alerts": r("alert.list", "patient", "patientId"),
  "GET /api/patients/:patientId/opened-by": r("audit.chart-opens", "patient", "patientId"),
  "GET /api/teams/:ccaId": r("chart.team-read", "chart", "ccaId"),
  "GET /api/assignments/:ccauId": r("respondent.assignments-read", "respondent", "ccauId"),
  "GET /api/respondents": r("respondent.list"),
  "POST /api/respondents": r("respondent.create"),
  "GET /api/respondents/exist": r("respondent.exist-check"),
  "PUT /api/respondents/:ccauId": r("respondent.update", "respondent", "ccauId"),
  "DELETE /api/respondents/:ccauId": r("respondent.delete", "respondent", "ccauId"),
  // The invited person joins a chart's team: who accepted, from where, is the trail's to keep.
  "POST /api/respondent-invitations/accept": r("respondent.invitation-accept"),

  // Measures, answers, reports and alerts.
  "POST /api/scheduling": r("measure.schedule"),
  "GET /api/scheduling/:ccauId": r("measure.schedule-read", "respondent", "ccauId"),
  "GET /api/overview/measures/:ccauId": r("measure.overview", "respondent", "ccauId"),
  "GET /api/overview/answers-report/:clientMeasureId": r("report.answers", "client_measure", "clientMeasureId"),
  "GET /api/measure-session/:clientMeasureId/session-report": r("report.session", "client_measure", "clientMeasureId"),
  "POST /api/questionnaires/hippa-agreement": r("questionnaire.hipaa-agreement"),
  "GET /api/questionnaires/have-available-questionnaires/:ccauId": r("questionnaire.available", "respondent", "ccauId"),
  "GET /api/questionnaires/session": r("questionnaire.session-read"),
  "POST /api/questionnaires/:clientMeasureId": r("questionnaire.start", "client_measure", "clientMeasureId"),
  "PUT /api/questionnaires/:clientMeasureId": r("questionnaire.submit", "client_measure", "clientMeasureId"),
  "GET /api/questionnaires/:clientMeasureId/page/:pageId": r(
    "questionnaire.page-read",
    "client_measure",
    "clientMeasureId",
  ),
  "PUT /api/questionnaires/:clientMeasureId/page/:pageId/question/:questionId": r(
    "questionnaire.answer",
    "client_measure",
    "clientMeasureId",
  ),
  "GET /api/measure-alerts": r("alert.list"),
  "GET /api/measure-alerts/active-alerts-count": r("alert.count"),
  "POST /api/measure-alerts/acknowledge/:id": r("alert.acknowledge", "alert", "id"),
  "POST /api/measure-alerts/unacknowledge/:id": r("alert.unacknowledge", "alert", "id"),
  // The measure library and its preview ("audition") hold no patient data; starring is a preference.
  "GET /api/library/list": false,
  "GET /api/library/:measureLibraryId": false,
  "POST /api/library/:measureLibraryId/star": r("library.star"),
  "DELETE /api/library/:measureLibraryId/star": r("library.unstar"),
  "POST /api/questionnaires-audition/:measureId/start": false,
  "GET /api/questionnaires-audition/:measureId/page/:pageId": false,
  "POST /api/questionnaires-audition/:measureId/report": false,

  // Respondent and patient accounts (names, contacts).
  "GET /api/patient-user/respondents": r("account.list"),
  "GET /api/patient-user/respondents/:id": r("account.read", "account", "id"),
  "PUT /api/patient-user/respondents/:id": r("account.update", "account", "id"),
  "POST /api/patient-user/respondents/:id/change-status": r("account.change-status", "account", "id"),
  "GET /api/users/:id": r("account.read", "account", "id"),
  "PUT /api/users/:id": r("account.update", "account", "id"),
  "PUT /api/users/:id/username": r("account.username-change", "account", "id"),
  "POST /api/users/:acId/send-invitation": r("account.invite", "account", "acId"),
  "POST /api/users/:user_id/contact-info": r("contact.create", "account", "user_id"),
  "PUT /api/users/:user_id/contact-info/:id": r("contact.update", "account", "user_id"),
  "DELETE /api/users/:user_id/contact-info/:id": r("contact.delete", "account", "user_id"),
  "GET /api/outbox": r("outbox.list"),

  // Workforce and settings: reads are not PHI; every change is recorded.
  "GET /api/clinical-user": false,
  "GET /api/clinical-user/:id": false,
  "GET /api/clinical-user/by-role/clinician": false,
  "GET /api/clinical-user/by-role/supervisor": false,
  "GET /api/clinical-user/validate-provider-id-available": false,
  "POST /api/clinical-user": r("clinical-user.create"),
  "PUT /api/clinical-user/:id": r("clinical-user.update", "account", "id"),
  "DELETE /api/clinical-user/:id": r("clinical-user.delete", "account", "id"),
  "POST /api/clinical-user/change-status/:id": r("clinical-user.change-status", "account", "id"),
  "GET /api/clinician-team": false,
  "GET /api/clinician-team/:id": false,
  "GET /api/clinician-team/check-name": false,
  "POST /api/clinician-team": r("team.create"),
  "PUT /api/clinician-team/:id": r("team.update", "clinician_team", "id"),
  "DELETE /api/clinician-team/:id": r("team.delete", "clinician_team", "id"),
  "GET /api/location": false,
  "GET /api/location/for-list": false,
  "GET /api/location/:id": false,
  "GET /api/location/:id/users": false,
  "POST /api/location": r("location.create"),
  "PUT /api/location/:id": r("location.update", "location", "id"),
  "DELETE /api/location/:id": r("location.delete", "location", "id"),
  "PUT /api/location/reassign": r("location.reassign"),
  // Saved outcomes explorer queries (analytics/routes.ts): definitions, no patient data; every change is recorded.
  "GET /api/analytics/queries": false,
  "GET /api/analytics/queries/:id": false,
  "POST /api/analytics/queries": r("saved-query.create"),
  "PUT /api/analytics/queries/:id": r("saved-query.update", "saved_query", "id"),
  "DELETE /api/analytics/queries/:id": r("saved-query.delete", "saved_query", "id"),

  // Programs (programs/routes.ts): names and settings, no patient data; every change is recorded.
  "GET /api/programs": false,
  "GET /api/programs/:id": false,
  "POST /api/programs": r("program.create"),
  "PUT /api/programs/:id": r("program.update", "program", "id"),
  "GET /api/program-types": false,
  "GET /api/program-types/:id": false,
  "POST /api/program-types": r("program-type.create"),
  "PUT /api/program-types/:id": r("program-type.update", "program_type", "id"),
  "GET /api/settings/general": false,
  "PUT /api/settings/general": r("settings.update"),
  "GET /api/settings/ui-settings": false,
  "POST /api/settings/ui-settings": false,

  // The trail itself: reading and exporting it is audited too.
  "GET /api/audit-events": r("audit.list"),
  "GET /api/audit-events/export": r("audit.export"),
};
