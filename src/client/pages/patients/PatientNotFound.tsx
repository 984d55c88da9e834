import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { MESSAGES } from "../../../shared/api-errors.ts";
import { patientPaths } from "./patient-paths.ts";

/** A patient that does not exist and one the user may not see look the same (no existence leak). */
export function PatientNotFound() {
  return (
    <Stack gap="sm" role="alert">
      <Title order={1}>Patient not found</Title>
      <Text>{MESSAGES.patientNotFound}</Text>
      <Anchor component={Link} to={patientPaths.list}>
        Back to patients
      </Anchor>
    </Stack>
  );
}
