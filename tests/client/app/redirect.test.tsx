// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { Redirect } from "../../../src/client/app/Redirect.tsx";

afterEach(cleanup);

/** A screen whose code arrives only when the test says so, as on a slow phone. */
function slowScreen() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const Screen = lazy(async () => {
    await arrived;
    return { default: () => <h1>Outcomes explorer</h1> };
  });
  return { Screen, arrive };
}

describe("Redirect", () => {
  it("sends the user on again when they come back to its address before the last redirect's screen has shown", async () => {
    const { Screen, arrive } = slowScreen();
    const router = createMemoryRouter(
      [
        {
          path: "/analytics",
          element: <Outlet />,
          children: [
            { index: true, element: <Redirect to="/analytics/outcomes-explorer" /> },
            {
              path: "outcomes-explorer",
              element: (
                <Suspense fallback={<p>Loading</p>}>
                  <Screen />
                </Suspense>
              ),
            },
          ],
        },
      ],
      { initialEntries: ["/analytics"] },
    );
    // A director signed in at /analytics clicks Analytics while the explorer's code loads: the
    // router is back at /analytics before React has rendered the explorer (in a browser, the click
    // interrupts that render), so React keeps the redirect it has, with its effect already run.
    let clickedAgain = false;
    router.subscribe((state) => {
      if (clickedAgain || state.location.pathname !== "/analytics/outcomes-explorer") return;
      clickedAgain = true;
      void router.navigate("/analytics");
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(clickedAgain).toBe(true));
    await act(async () => arrive());

    expect(await screen.findByRole("heading", { name: "Outcomes explorer" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/analytics/outcomes-explorer");
  });

  it("replaces the address it was reached at, so Back does not return to a page that only sends on", async () => {
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>Home</p> },
        { path: "/settings", element: <Redirect to="/settings/general" /> },
        { path: "/settings/general", element: <h1>General settings</h1> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => {
      await router.navigate("/settings");
    });
    await screen.findByRole("heading", { name: "General settings" });
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe("/");
  });
});
