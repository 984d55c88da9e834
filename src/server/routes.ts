import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts/routes.ts";
import { admissionRoutes } from "./admissions/routes.ts";
import { alertRoutes } from "./alerts/routes.ts";
import { outcomeChartRoutes } from "./analytics/charts/routes.ts";
import { exportsRoutes } from "./analytics/exports/exports-routes.ts";
import { analyticsRoutes } from "./analytics/routes.ts";
import { usageRoutes } from "./analytics/usage/routes.ts";
import type { AppContext } from "./app-context.ts";
import { auditRoutes } from "./audit/audit-routes.ts";
import { chartSettingsRoutes } from "./chart-views/chart-settings-routes.ts";
import { chartViewRoutes } from "./chart-views/routes.ts";
import { clinicalUserRoutes } from "./clinical-users/routes.ts";
import { clinicianTeamRoutes } from "./clinician-teams/routes.ts";
import { documentRoutes } from "./documents/document-routes.ts";
import { insuranceRoutes } from "./insurance/insurance-routes.ts";
import { locationRoutes } from "./locations/routes.ts";
import { lookupRoutes } from "./lookups/routes.ts";
import { auditionRoutes } from "./measures/audition-routes.ts";
import { libraryRoutes } from "./measures/library-routes.ts";
import { outboxRoutes } from "./messaging/outbox-routes.ts";
import { patientUserRoutes } from "./patient-users/routes.ts";
import { patientRoutes } from "./patients/routes.ts";
import { programListRoutes } from "./program-lists/routes.ts";
import { programRoutes } from "./programs/routes.ts";
import { reminderRoutes } from "./reminders/routes.ts";
import { chartInvitationRoutes } from "./respondents/invitation-routes.ts";
import { respondentListRoutes } from "./respondents/respondent-list-routes.ts";
import { respondentRoutes } from "./respondents/routes.ts";
import { schedulingRoutes } from "./scheduling/routes.ts";
import { loginAsRoutes } from "./security/login-as-routes.ts";
import { passwordRoutes } from "./security/password-routes.ts";
import { sessionRoutes } from "./security/session-routes.ts";
import { reportRoutes } from "./sessions/report-routes.ts";
import { respondentSessionRoutes } from "./sessions/respondent-routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { worklistRoutes } from "./worklists/routes.ts";

/** Every API route module, registered in this order with the AppContext as options. */
export const apiRouteModules: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  sessionRoutes,
  passwordRoutes,
  loginAsRoutes,
  patientRoutes,
  insuranceRoutes,
  lookupRoutes,
  settingsRoutes,
  locationRoutes,
  clinicalUserRoutes,
  clinicianTeamRoutes,
  programRoutes,
  patientUserRoutes,
  respondentRoutes,
  respondentListRoutes,
  chartInvitationRoutes,
  accountRoutes,
  outboxRoutes,
  libraryRoutes,
  auditionRoutes,
  schedulingRoutes,
  reminderRoutes,
  respondentSessionRoutes,
  reportRoutes,
  chartViewRoutes,
  chartSettingsRoutes,
  alertRoutes,
  admissionRoutes,
  worklistRoutes,
  programListRoutes,
  auditRoutes,
  analyticsRoutes,
  outcomeChartRoutes,
  exportsRoutes,
  documentRoutes,
  usageRoutes,
];
