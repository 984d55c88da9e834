import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { appRoutes } from "./app/routes.tsx";
import { homeRoutes } from "./pages/home/routes.tsx";
import { measureClinicianRoutes } from "./pages/measures/routes.tsx";
import { patientRoutes } from "./pages/patients/routes.tsx";
import { programListRoutes } from "./pages/program-lists/routes.tsx";
import { respondentRoutes } from "./pages/respondents/routes.tsx";
import { queryClient } from "./query-client.ts";

const router = createBrowserRouter(
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

export function App() {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
