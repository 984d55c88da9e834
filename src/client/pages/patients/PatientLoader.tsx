import { Alert, Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { PatientNotFound } from "./PatientNotFound.tsx";
import { type PatientRecord, usePatient } from "./patient-api.ts";

/** Loads the patient named in the address and renders `children` with it; not found and errors say so. */
export function PatientLoader({ children }: { children: (patient: PatientRecord) => ReactNode }) {
  const { patientId = "" } = useParams();
  const valid = /^[1-9]\d*$/.test(patientId);
  const query = usePatient(valid ? patientId : "0");
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <PatientNotFound />;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading patient" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The patient could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
