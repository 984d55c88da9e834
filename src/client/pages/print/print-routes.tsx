import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { PATIENT_ACCESS } from "../../auth/permissions.ts";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { PrintGuard } from "./PrintGuard.tsx";

/**
 * The print pages (spec §2 PDF pages; issue 14), outside the clinical layout: nothing but the
 * report. Their static last segment outranks the chart's /assignment/:ccaId/:ccauId/:tab.
 */
export const printRoutes: RouteObject[] = [
  {
    element: <PrintGuard />,
    children: [
      {
        element: <RequirePermission anyOf={PATIENT_ACCESS} />,
        children: [
          {
            path: "/assignment/:ccaId/:ccauId/measures/:clientMeasureId/pdf",
            element: lazyPage(() => import("./SessionReportPrintPage.tsx"), "SessionReportPrintPage"),
          },
          {
            path: "/assignment/:ccaId/:ccauId/pdf",
            element: lazyPage(() => import("./ProgressReportPrintPage.tsx"), "ProgressReportPrintPage"),
          },
        ],
      },
    ],
  },
];
