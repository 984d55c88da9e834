import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { appRoutes } from "./app/routes.tsx";
import { patientRoutes } from "./pages/patients/routes.tsx";
import { queryClient } from "./query-client.ts";

const router = createBrowserRouter(appRoutes({ clinicianRoutes: patientRoutes }));

export function App() {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
