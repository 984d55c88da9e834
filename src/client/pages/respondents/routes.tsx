import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";

/** The respondent pages of a patient's chart, as children of "/clinician" (beside patientRoutes). */
export const respondentRoutes: RouteObject[] = [
  {
    path: "patients/patient/:patientId/respondent/add",
    element: lazyPage(() => import("./RespondentAddPage.tsx"), "RespondentAddPage"),
  },
  {
    path: "patients/patient/:patientId/respondent/:ccauId/edit",
    element: lazyPage(() => import("./RespondentEditPage.tsx"), "RespondentEditPage"),
  },
];
