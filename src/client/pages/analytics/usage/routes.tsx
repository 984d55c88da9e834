import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../../app/lazy-page.tsx";
import { Redirect } from "../../../app/Redirect.tsx";

/** The usage dashboards (spec §2 Analytics), children of /analytics/usage. */
export const usageRoutes: RouteObject[] = [
  { index: true, element: <Redirect to="patients" /> },
  { path: "patients", element: lazyPage(() => import("./UsagePatientsPage.tsx"), "UsagePatientsPage") },
  { path: "clinical", element: lazyPage(() => import("./UsageClinicalPage.tsx"), "UsageClinicalPage") },
  { path: "measures", element: lazyPage(() => import("./UsageMeasuresPage.tsx"), "UsageMeasuresPage") },
];
