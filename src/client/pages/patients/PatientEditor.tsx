import { Anchor } from "@mantine/core";
import { Link } from "react-router-dom";
import { MESSAGES } from "../../../shared/api-errors.ts";
import { EntityEditor } from "../../entities/EntityEditor.tsx";
import type { FieldCheck, FieldFinding } from "../../entities/useFieldCheck.ts";
import { checkMrn, type PatientRecord, patientEntity } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";

/** "MRN already in use", with a link to that patient when the user may see them. */
function mrnTaken(patientId: number | null): FieldFinding {
  return {
    message: MESSAGES.mrnInUse,
    addon: patientId ? (
      <Anchor component={Link} to={patientPaths.view(patientId)} size="sm">
        View existing patient
      </Anchor>
    ) : undefined,
  };
}

/** The MRN is checked when its field is left (spec §5); a refused save names the existing patient too. */
const mrnCheck: FieldCheck = {
  field: "mrn",
  ask: async (mrn, patientId) => {
    const result = await checkMrn(mrn, patientId);
    // null: no patient the user may see holds it (a hidden chart is never confirmed); the save says if one does.
    return result.available === false ? mrnTaken(result.patientId) : null;
  },
  fromRefusal: (error) => {
    const existing = error.body.existingPatientId;
    return typeof existing === "number" ? mrnTaken(existing) : null;
  },
};

// A saved patient opens on their chart's Information tab: the details just saved.
const toPatient = (saved: PatientRecord) => patientPaths.information(saved.id);

/** The add/edit form of a patient (forms/patient.form.json); once saved, the patient's page. */
export function PatientEditor(props: { patient?: PatientRecord; reload?: () => Promise<PatientRecord | undefined> }) {
  const { patient, reload } = props;
  return (
    <EntityEditor
      entity={patientEntity}
      record={patient}
      reload={reload}
      afterSave={toPatient}
      cancelTo={patient ? patientPaths.information(patient.id) : patientPaths.list}
      fieldCheck={mrnCheck}
    />
  );
}
