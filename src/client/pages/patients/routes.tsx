import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";

/**
 * The patient pages, as children of the "/clinician" route (spec §2 Clinician area). Each loads
 * on first visit, so the form and table renderers stay out of the first page's bundle.
 */
export const patientRoutes: RouteObject[] = [
  { path: "patients", element: lazyPage(() => import("./PatientListPage.tsx"), "PatientListPage") },
  { path: "patients/add", element: lazyPage(() => import("./PatientAddPage.tsx"), "PatientAddPage") },
  {
    path: "patients/patient/:patientId",
    element: lazyPage(() => import("./PatientViewPage.tsx"), "PatientViewPage"),
  },
  {
    path: "patients/patient/:patientId/edit",
    element: lazyPage(() => import("./PatientEditPage.tsx"), "PatientEditPage"),
  },
];
