import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { RequireProgramsEnabled } from "./RequireProgramsEnabled.tsx";
import { SettingsRedirect } from "./SettingsRedirect.tsx";
import { ADMIN_LEVEL, AUDIT_LEVEL, STAFF_LEVEL } from "./settings-sections.ts";

const page = {
  clinicalUsers: lazyPage(() => import("./ClinicalUserListPage.tsx"), "ClinicalUserListPage"),
  clinicalUserAdd: lazyPage(() => import("./ClinicalUserAddPage.tsx"), "ClinicalUserAddPage"),
  clinicalUserEdit: lazyPage(() => import("./ClinicalUserEditPage.tsx"), "ClinicalUserEditPage"),
  teams: lazyPage(() => import("./TeamListPage.tsx"), "TeamListPage"),
  teamAdd: lazyPage(() => import("./TeamAddPage.tsx"), "TeamAddPage"),
  teamEdit: lazyPage(() => import("./TeamEditPage.tsx"), "TeamEditPage"),
  locations: lazyPage(() => import("./LocationListPage.tsx"), "LocationListPage"),
  locationAdd: lazyPage(() => import("./LocationAddPage.tsx"), "LocationAddPage"),
  locationEdit: lazyPage(() => import("./LocationEditPage.tsx"), "LocationEditPage"),
  patientUsers: lazyPage(() => import("./PatientUserListPage.tsx"), "PatientUserListPage"),
  patientUser: lazyPage(() => import("./PatientUserViewPage.tsx"), "PatientUserViewPage"),
  patientUserEdit: lazyPage(() => import("./PatientUserEditPage.tsx"), "PatientUserEditPage"),
  programs: lazyPage(() => import("./ProgramListPage.tsx"), "ProgramListPage"),
  programAdd: lazyPage(() => import("./ProgramAddPage.tsx"), "ProgramAddPage"),
  programEdit: lazyPage(() => import("./ProgramEditPage.tsx"), "ProgramEditPage"),
  programAddMeasure: lazyPage(() => import("./ProgramAddMeasurePage.tsx"), "ProgramAddMeasurePage"),
  programTypes: lazyPage(() => import("./ProgramTypeListPage.tsx"), "ProgramTypeListPage"),
  programTypeAdd: lazyPage(() => import("./ProgramTypeAddPage.tsx"), "ProgramTypeAddPage"),
  programTypeEdit: lazyPage(() => import("./ProgramTypeEditPage.tsx"), "ProgramTypeEditPage"),
  chartTexts: lazyPage(() => import("./ChartTextsPage.tsx"), "ChartTextsPage"),
  general: lazyPage(() => import("./GeneralSettingsPage.tsx"), "GeneralSettingsPage"),
  outbox: lazyPage(() => import("./OutboxPage.tsx"), "OutboxPage"),
  auditLog: lazyPage(() => import("./AuditLogPage.tsx"), "AuditLogPage"),
};

/**
 * The settings pages (spec §2 Settings), children of "/settings" inside the clinical layout.
 * Admin-level pages and staff-level pages each sit behind their permission: without it the
 * page is the 404 page (spec §2 Guards), as for any unknown address.
 */
export const settingsRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import("./SettingsLayout.tsx"), "SettingsLayout"),
    children: [
      { index: true, element: <SettingsRedirect /> },
      {
        element: <RequirePermission anyOf={ADMIN_LEVEL} />,
        children: [
          { path: "clinical-users", element: page.clinicalUsers },
          { path: "clinical-users/add", element: page.clinicalUserAdd },
          { path: "clinical-users/:userId/edit", element: page.clinicalUserEdit },
          { path: "clinical-team", element: page.teams },
          { path: "clinical-team/add", element: page.teamAdd },
          { path: "clinical-team/:teamId/edit", element: page.teamEdit },
          { path: "locations", element: page.locations },
          { path: "locations/add", element: page.locationAdd },
          { path: "locations/:locationId/edit", element: page.locationEdit },
          {
            // Only while the clinic works with programs (general settings programs_enabled), else 404.
            element: <RequireProgramsEnabled />,
            children: [
              { path: "programs", element: page.programs },
              { path: "programs/add", element: page.programAdd },
              { path: "programs/program/:programId/edit", element: page.programEdit },
              { path: "programs/program/:programId/add-measure", element: page.programAddMeasure },
              { path: "program-types", element: page.programTypes },
              { path: "program-types/add", element: page.programTypeAdd },
              { path: "program-types/:programTypeId/edit", element: page.programTypeEdit },
              // The outcomes charts' titles and captions per program (issue 13 §2).
              { path: "chart-texts", element: page.chartTexts },
            ],
          },
          { path: "general", element: page.general },
          { path: "outbox", element: page.outbox },
        ],
      },
      {
        element: <RequirePermission anyOf={AUDIT_LEVEL} />,
        children: [{ path: "audit-log", element: page.auditLog }],
      },
      {
        element: <RequirePermission anyOf={STAFF_LEVEL} />,
        children: [
          { path: "patient-users", element: page.patientUsers },
          { path: "patient-users/:userId", element: page.patientUser },
          { path: "patient-users/:userId/edit", element: page.patientUserEdit },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
