import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";

/**
 * The respondent area (spec §2 Respondent area), inside the respondent layout. Everything sits
 * behind the privacy agreement gate: until it is accepted, no page of it shows.
 */
export const respondentAreaRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import("./AgreementGate.tsx"), "AgreementGate"),
    children: [
      { path: "/session", element: lazyPage(() => import("./SessionListPage.tsx"), "SessionListPage") },
      {
        path: "/session/measure/:clientMeasureId/page/:pageId",
        element: lazyPage(() => import("./SessionMeasurePage.tsx"), "SessionMeasurePage"),
      },
      { path: "/session/results-sent", element: lazyPage(() => import("./ResultsSentPage.tsx"), "ResultsSentPage") },
      { path: "/no-sessions", element: lazyPage(() => import("./NoSessionsPage.tsx"), "NoSessionsPage") },
    ],
  },
];
