import { Alert, Anchor } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { EntityView } from "../../entities/EntityView.tsx";
import { patientPaths } from "../patients/patient-paths.ts";
import { LinkedPatients } from "./LinkedPatients.tsx";
import { type PatientUserRecord, patientUserEntity } from "./patient-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** A patient's own account is edited on the patient's chart (the server refuses it here). */
export function EditOnChartNotice({ user }: { user: PatientUserRecord }) {
  const own = user.patients.find((p) => p.patient_id);
  return (
    <Alert color="blue" title="This is a patient's own account">
      Change their name and contact information on the patient's chart.{" "}
      {own?.patient_id && (
        <Anchor component={Link} to={patientPaths.view(own.patient_id)}>
          Open {own.full_name}
        </Anchor>
      )}
    </Alert>
  );
}

const editTo = (user: PatientUserRecord) => (user.is_patient ? undefined : settingsPaths.patientUserEdit(user.id));
const notice = (user: PatientUserRecord) => user.is_patient && <EditOnChartNotice user={user} />;
const fieldViews = (user: PatientUserRecord) => ({ patients: <LinkedPatients patients={user.patients} /> });

/** /settings/patient-users/:userId: the account, its contact details and the charts it answers for. */
export function PatientUserViewPage() {
  const { userId = "" } = useParams();
  return (
    <EntityView<PatientUserRecord>
      entity={patientUserEntity}
      id={userId}
      listTo={settingsPaths.patientUsers}
      editTo={editTo}
      notice={notice}
      fieldViews={fieldViews}
    />
  );
}
