import { Navigate } from "react-router-dom";
import { chartPath } from "../chart-measures/chart-paths.ts";
import { PatientLoader } from "./PatientLoader.tsx";

/**
 * /clinician/patients/patient/:patientId, the patient list's link to a patient: their chart lives
 * at /assignment/{ccaId}/{ccauId} (spec §2), opened on its default tab. Kept so every link and
 * bookmark to the patient page still works.
 */
export function PatientViewPage() {
  return (
    <PatientLoader>
      {(patient) =>
        typeof patient.access_control_id === "number" &&
        typeof patient.client_clinic_assignment_user_id === "number" ? (
          <Navigate to={chartPath(patient.access_control_id, patient.client_clinic_assignment_user_id)} replace />
        ) : null
      }
    </PatientLoader>
  );
}
