import type { RouteObject } from "react-router-dom";
import { PATIENT_ACCESS, SETTINGS_ACCESS } from "../auth/permissions.ts";
import { AnonymousOnly } from "../guards/AnonymousOnly.tsx";
import { HomeRedirect } from "../guards/HomeRedirect.tsx";
import { RequireAuth } from "../guards/RequireAuth.tsx";
import { RequirePermission } from "../guards/RequirePermission.tsx";
import { RouteError } from "../layout/RouteError.tsx";
import { accountRoutes } from "../pages/account/routes.tsx";
import { analyticsAreaRoute } from "../pages/analytics/routes.tsx";
import { measureAreaRoutes } from "../pages/measures/routes.tsx";
import { myAccountRoute } from "../pages/my-account/routes.tsx";
import { printRoutes } from "../pages/print/print-routes.tsx";
import { respondentAreaRoutes } from "../pages/session/routes.tsx";
import { settingsRoutes } from "../pages/settings/routes.tsx";
import { MaintenancePage } from "../pages/system/MaintenancePage.tsx";
import { NotFoundPage } from "../pages/system/NotFoundPage.tsx";
import { AppRoot } from "./AppRoot.tsx";
import { lazyPage } from "./lazy-page.tsx";
import { Redirect } from "./Redirect.tsx";

export interface AppRouteOptions {
  /** Routes of the clinician area, children of /clinician (the patient pages' `patientRoutes`). */
  clinicianRoutes: RouteObject[];
  /** Poll /api/health for a new version (off in component tests). */
  checkVersion?: boolean;
}

/**
 * Every route of the app (spec §2). Pages load lazily; the 404 and maintenance pages are in the
 * first bundle, since they must show when nothing else can load.
 */
export function appRoutes({ clinicianRoutes, checkVersion = true }: AppRouteOptions): RouteObject[] {
  return [
    {
      element: <AppRoot checkVersion={checkVersion} />,
      errorElement: <RouteError />,
      children: [
        { path: "/", element: <RequireAuth />, children: [{ index: true, element: <HomeRedirect /> }] },
        {
          path: "/security",
          element: <AnonymousOnly />,
          children: [
            { index: true, element: <Redirect to="/security/login" /> },
            {
              element: lazyPage(() => import("../layout/CenteredLayout.tsx"), "SecurityLayout"),
              children: [
                { path: "login", element: lazyPage(() => import("../pages/security/LoginPage.tsx"), "LoginPage") },
                ...accountRoutes,
              ],
            },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
        {
          path: "/force-reset-password",
          element: <RequireAuth forPasswordChange />,
          children: [
            {
              index: true,
              element: lazyPage(() => import("../pages/security/ForceResetPasswordPage.tsx"), "ForceResetPasswordPage"),
            },
          ],
        },
        {
          path: "/clinician",
          element: <RequireAuth />,
          children: [
            {
              element: <RequirePermission anyOf={PATIENT_ACCESS} />,
              children: [
                {
                  element: lazyPage(() => import("../layout/ClinicalLayout.tsx"), "ClinicalLayout"),
                  children: [
                    { index: true, element: <Redirect to="/clinician/patients" /> },
                    ...clinicianRoutes,
                    { path: "*", element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: "/settings",
          element: <RequireAuth />,
          children: [
            {
              element: <RequirePermission anyOf={SETTINGS_ACCESS} />,
              children: [
                {
                  element: lazyPage(() => import("../layout/ClinicalLayout.tsx"), "ClinicalLayout"),
                  children: settingsRoutes,
                },
              ],
            },
          ],
        },
        {
          // /session, its measure pages and results-sent, and /no-sessions (pages/session/routes.tsx).
          element: <RequireAuth />,
          children: [
            {
              element: <RequirePermission anyOf={["respondent.session"]} />,
              children: [
                {
                  element: lazyPage(() => import("../layout/RespondentLayout.tsx"), "RespondentLayout"),
                  children: respondentAreaRoutes,
                },
              ],
            },
          ],
        },
        analyticsAreaRoute,
        ...printRoutes,
        ...measureAreaRoutes,
        myAccountRoute,
        { path: "/maintenance", element: <MaintenancePage /> },
        { path: "/404", element: <NotFoundPage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ];
}
