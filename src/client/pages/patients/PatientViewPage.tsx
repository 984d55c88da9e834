import { useParams } from "react-router-dom";
import { EntityView } from "../../entities/EntityView.tsx";
import { ChartMeasures } from "../chart-measures/ChartMeasures.tsx";
import { ChartTeam } from "../respondents/ChartTeam.tsx";
import { ChartOpenedBy } from "./ChartOpenedBy.tsx";
import { useCanWritePatients } from "./PatientPermissions.tsx";
import { PatientStatus } from "./PatientStatus.tsx";
import { type PatientRecord, patientEntity } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";

/** /clinician/patients/patient/:patientId: the patient's measures, details and respondents. */
export function PatientViewPage() {
  const { patientId = "" } = useParams();
  const canWrite = useCanWritePatients();
  return (
    <EntityView<PatientRecord>
      entity={patientEntity}
      id={patientId}
      listTo={patientPaths.list}
      editTo={canWrite ? (patient) => patientPaths.edit(patient.id) : undefined}
      before={(patient) =>
        typeof patient.access_control_id === "number" &&
        typeof patient.client_clinic_assignment_user_id === "number" && (
          <ChartMeasures
            patientId={patient.id}
            ccaId={patient.access_control_id}
            ccauId={patient.client_clinic_assignment_user_id}
            patientName={patient.full_name ?? ""}
            canWrite={canWrite}
          />
        )
      }
      after={(patient) => (
        <>
          <PatientStatus
            patientId={patient.id}
            patientName={patient.full_name ?? ""}
            active={patient.status === true}
            canWrite={canWrite}
          />
          {typeof patient.access_control_id === "number" && (
            <ChartTeam ccaId={patient.access_control_id} patientId={patient.id} patientName={patient.full_name ?? ""} />
          )}
          <ChartOpenedBy patientId={patient.id} />
        </>
      )}
    />
  );
}
