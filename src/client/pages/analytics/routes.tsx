import { Navigate, type RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { RequireAuth } from "../../guards/RequireAuth.tsx";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { NotFoundPage } from "../system/NotFoundPage.tsx";

/** /analytics (spec §2 Analytics): the outcomes explorer for the analytics role. */
export const analyticsAreaRoute: RouteObject = {
  path: "/analytics",
  element: <RequireAuth />,
  children: [
    {
      element: <RequirePermission anyOf={["analytics.outcomes"]} />,
      children: [
        {
          element: lazyPage(() => import("../../layout/ClinicalLayout.tsx"), "ClinicalLayout"),
          children: [
            { index: true, element: <Navigate to="/analytics/outcomes-explorer" replace /> },
            {
              path: "outcomes-explorer",
              element: lazyPage(() => import("./explorer/OutcomesExplorerPage.tsx"), "OutcomesExplorerPage"),
            },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
};
