import { Navigate, type RouteObject } from "react-router-dom";
import { lazyPage } from "../../../app/lazy-page.tsx";

/** The usage dashboards (spec §2 Analytics), children of /analytics/usage. */
export const usageRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="patients" replace /> },
  { path: "patients", element: lazyPage(() => import("./UsagePatientsPage.tsx"), "UsagePatientsPage") },
  { path: "clinical", element: lazyPage(() => import("./UsageClinicalPage.tsx"), "UsageClinicalPage") },
  { path: "measures", element: lazyPage(() => import("./UsageMeasuresPage.tsx"), "UsageMeasuresPage") },
];
