import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { ProgramActionRedirect } from "./ProgramActionRedirect.tsx";

/** Home's worklists and the respondents list, children of "/clinician" (spec §2 Clinician area). */
export const homeRoutes: RouteObject[] = [
  { path: "home", element: lazyPage(() => import("./HomePage.tsx"), "HomePage") },
  { path: "home/patient/:patientId/add-program", element: <ProgramActionRedirect action="add-program" /> },
  {
    path: "home/discharge/:accessControlProgramId/:patientId/:assignmentId",
    element: <ProgramActionRedirect action="discharge" />,
  },
  { path: "respondents", element: lazyPage(() => import("./RespondentListPage.tsx"), "RespondentListPage") },
];
