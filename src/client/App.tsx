import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { appRoutes } from "./app/routes.tsx";
import { homeRoutes } from "./pages/home/routes.tsx";
import { measureClinicianRoutes } from "./pages/measures/routes.tsx";
import { patientRoutes } from "./pages/patients/routes.tsx";
import { programListRoutes } from "./pages/program-lists/routes.tsx";
import { respondentRoutes } from "./pages/respondents/routes.tsx";
import { queryClient } from "./query-client.ts";

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * Made on first render, not on import: the router reads the address once, and main.tsx first
 * takes a print page's one-use pdf-key out of it (auth/pdf-sign-in.ts).
 */
function appRouter() {
  router ??= createBrowserRouter(
    appRoutes({
      clinicianRoutes: [
        ...homeRoutes,
        ...programListRoutes,
        ...patientRoutes,
        ...respondentRoutes,
        ...measureClinicianRoutes,
      ],
    }),
  );
  return router;
}

export function App() {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={appRouter()} />
    </AppProviders>
  );
}
