import { createContext, type ReactNode, use } from "react";
import { useSession } from "../../auth/useSession.ts";

/**
 * The permissions the patient pages act on: the signed-in user's (SessionUser.permissions), unless
 * a provider above says otherwise (component tests, previews). The server enforces every rule;
 * these only hide what would be refused (STYLE habit 7).
 */
const PatientPermissionsContext = createContext<readonly string[] | null>(null);

export function PatientPermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly string[];
  children: ReactNode;
}) {
  return <PatientPermissionsContext value={permissions}>{children}</PatientPermissionsContext>;
}

export function usePatientPermissions(): readonly string[] {
  const provided = use(PatientPermissionsContext);
  const { user } = useSession();
  return provided ?? user?.permissions ?? [];
}

export function useCanWritePatients(): boolean {
  return usePatientPermissions().includes("patients.write");
}
