import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../app/lazy-page.tsx";
import { Redirect } from "../../app/Redirect.tsx";
import { RequireAuth } from "../../guards/RequireAuth.tsx";
import { RequirePermission } from "../../guards/RequirePermission.tsx";
import { NotFoundPage } from "../system/NotFoundPage.tsx";

/** /my-account and its children (spec §2 Respondent area), for the respondent role (respondent.account). */
export const myAccountRoute: RouteObject = {
  path: "/my-account",
  element: <RequireAuth />,
  children: [
    {
      element: <RequirePermission anyOf={["respondent.account"]} />,
      children: [
        {
          element: lazyPage(() => import("../../layout/RespondentLayout.tsx"), "RespondentLayout"),
          children: [
            {
              element: lazyPage(() => import("./MyAccountLayout.tsx"), "MyAccountLayout"),
              children: [
                { index: true, element: <Redirect to="/my-account/contact-info" /> },
                {
                  path: "contact-info",
                  element: lazyPage(() => import("./ContactInfoPage.tsx"), "ContactInfoPage"),
                },
                {
                  path: "edit-username",
                  element: lazyPage(() => import("./EditUsernamePage.tsx"), "EditUsernamePage"),
                },
                {
                  path: "change-password",
                  element: lazyPage(() => import("./ChangePasswordPage.tsx"), "ChangePasswordPage"),
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
