import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { RequireAuth } from "../../guards/RequireAuth.tsx";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { AnalyticsIndexRedirect } from "./AnalyticsIndexRedirect.tsx";
import { ANALYTICS_ACCESS, OUTCOMES_ACCESS } from "./analytics-sections.ts";
import { usageRoutes } from "./usage/routes.tsx";

/**
 * /analytics (spec §2 Analytics): signed in, with the usage or the analytics role, inside the
 * clinical frame and the analytics tabs. The outcomes explorer needs the analytics role itself.
 */
export const analyticsAreaRoute: RouteObject = {
  path: "/analytics",
  element: <RequireAuth />,
  children: [
    {
      element: <RequirePermission anyOf={ANALYTICS_ACCESS} />,
      children: [
        {
          element: lazyPage(() => import("../../layout/ClinicalLayout.tsx"), "ClinicalLayout"),
          children: [
            {
              element: lazyPage(() => import("./AnalyticsLayout.tsx"), "AnalyticsLayout"),
              children: [
                { index: true, element: <AnalyticsIndexRedirect /> },
                { path: "usage", children: usageRoutes },
                {
                  path: "outcomes-explorer",
                  element: <RequirePermission anyOf={OUTCOMES_ACCESS} />,
                  children: [
                    {
                      index: true,
                      element: lazyPage(() => import("./explorer/OutcomesExplorerPage.tsx"), "OutcomesExplorerPage"),
                    },
                  ],
                },
                { path: "*", element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ],
};
