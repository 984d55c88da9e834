import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { Redirect } from "../../app/Redirect.tsx";
import { PATIENT_ACCESS } from "../../auth/permissions.ts";
import { RequireAuth } from "../../guards/RequireAuth.tsx";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { NotFoundPage } from "../system/NotFoundPage.tsx";

/** Measure screens of the clinician area, children of "/clinician" (spec §2 Clinician area). */
export const measureClinicianRoutes: RouteObject[] = [
  { path: "measures", element: lazyPage(() => import("./MeasureLibraryPage.tsx"), "MeasureLibraryPage") },
  {
    path: "measures/library/:measureLibraryId",
    element: lazyPage(() => import("./MeasureDetailPage.tsx"), "MeasureDetailPage"),
  },
  { path: "alert-list", element: lazyPage(() => import("../alerts/AlertListPage.tsx"), "AlertListPage") },
];

const clinicalLayout = () => lazyPage(() => import("../../layout/ClinicalLayout.tsx"), "ClinicalLayout");

/**
 * Clinical screens outside "/clinician" (spec §2 Measure preview, Patient chart), each in the
 * clinician layout behind its own permission:
 * - /measures/audition/:measureId with children questionnaire and report (measures.preview);
 * - /assignment/:ccaId/:ccauId/{measures,alerts,information,measures-list,insurance}, the patient chart's tabs,
 *   and /assignment/:ccaId/:ccauId/measures/:clientMeasureId, the session report (patient access).
 */
export const measureAreaRoutes: RouteObject[] = [
  {
    path: "/measures/audition/:measureId",
    element: <RequireAuth />,
    children: [
      {
        element: <RequirePermission anyOf={["measures.preview"]} />,
        children: [
          {
            element: clinicalLayout(),
            children: [
              {
                element: lazyPage(() => import("./audition/AuditionPage.tsx"), "AuditionPage"),
                children: [
                  {
                    index: true,
                    element: lazyPage(() => import("./audition/AuditionAgePage.tsx"), "AuditionAgePage"),
                  },
                  {
                    path: "questionnaire",
                    element: lazyPage(
                      () => import("./audition/AuditionQuestionnairePage.tsx"),
                      "AuditionQuestionnairePage",
                    ),
                  },
                  {
                    path: "report",
                    element: lazyPage(() => import("./audition/AuditionReportPage.tsx"), "AuditionReportPage"),
                  },
                  { path: "*", element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    path: "/assignment/:ccaId/:ccauId",
    element: <RequireAuth />,
    children: [
      {
        element: <RequirePermission anyOf={PATIENT_ACCESS} />,
        children: [
          {
            element: clinicalLayout(),
            children: [
              // The chart opens on its default tab; each tab has its own address (spec §2 Patient chart).
              { index: true, element: <Redirect to="measures" /> },
              {
                path: ":tab",
                element: lazyPage(() => import("../chart-measures/PatientChartPage.tsx"), "PatientChartPage"),
              },
              {
                path: "measures/:clientMeasureId",
                element: lazyPage(() => import("../chart-measures/SessionReportPage.tsx"), "SessionReportPage"),
              },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
