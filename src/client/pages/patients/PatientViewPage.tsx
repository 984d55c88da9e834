import { Navigate, useSearchParams } from "react-router-dom";
import { chartPath, isChartTab } from "../chart-measures/chart-paths.ts";
import { PatientLoader } from "./PatientLoader.tsx";

/**
 * /clinician/patients/patient/:patientId, the patient list's link to a patient: their chart lives
 * at /assignment/{ccaId}/{ccauId} (spec §2), opened on its default tab or on ?tab=. Kept so every
 * link and bookmark to the patient page still works.
 */
export function PatientViewPage() {
  const tab = useSearchParams()[0].get("tab") ?? "";
  return (
    <PatientLoader>
      {(patient) =>
        typeof patient.access_control_id === "number" &&
        typeof patient.client_clinic_assignment_user_id === "number" ? (
          <Navigate
            to={chartPath(
              patient.access_control_id,
              patient.client_clinic_assignment_user_id,
              isChartTab(tab) ? tab : "measures",
            )}
            replace
          />
        ) : null
      }
    </PatientLoader>
  );
}
