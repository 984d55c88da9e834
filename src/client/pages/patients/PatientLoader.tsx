import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { type PatientRecord, patientEntity } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";

/** The patient named in the address (:patientId), for the patient's pages and those of their chart. */
export function PatientLoader({
  children,
}: {
  children: (patient: PatientRecord, reload: () => Promise<PatientRecord | undefined>) => ReactNode;
}) {
  const { patientId = "" } = useParams();
  return (
    <RecordLoader<PatientRecord>
      entity={patientEntity}
      id={patientId}
      backTo={{ label: "Back to patients", to: patientPaths.list }}
    >
      {children}
    </RecordLoader>
  );
}
