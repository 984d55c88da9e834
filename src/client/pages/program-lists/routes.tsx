import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";

/** The my-programs list, a child of "/clinician" (spec §2 Clinician area). */
export const programListRoutes: RouteObject[] = [
  { path: "my-programs", element: lazyPage(() => import("./MyProgramsPage.tsx"), "MyProgramsPage") },
];
