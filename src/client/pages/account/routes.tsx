import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";

/**
 * The public account pages (spec §2 Public and security), children of the anonymous-only
 * /security layout: the AnonymousOnly guard sends a signed-in user home, which is also how a page
 * that signs someone in (account setup, reset, access code) hands over.
 */
export const accountRoutes: RouteObject[] = [
  { path: "forgot-username", element: lazyPage(() => import("./ForgotUsernamePage.tsx"), "ForgotUsernamePage") },
  { path: "forgot-password", element: lazyPage(() => import("./ForgotPasswordPage.tsx"), "ForgotPasswordPage") },
  { path: "account-setup", element: lazyPage(() => import("./AccountSetupPage.tsx"), "AccountSetupPage") },
  // The spec lists validate-token as a page too: the same link check and form.
  { path: "validate-token", element: lazyPage(() => import("./AccountSetupPage.tsx"), "AccountSetupPage") },
  { path: "reset-password", element: lazyPage(() => import("./ResetPasswordPage.tsx"), "ResetPasswordPage") },
  { path: "join-care-team", element: lazyPage(() => import("./JoinCareTeamPage.tsx"), "JoinCareTeamPage") },
  { path: "access-code", element: lazyPage(() => import("./AccessCodePage.tsx"), "AccessCodePage") },
];
