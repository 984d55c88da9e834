import { Alert, Anchor, Stack, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { Redirect } from "../../app/Redirect.tsx";
import { chartPath, isChartTab } from "../chart-measures/chart-paths.ts";
import { PatientLoader } from "./PatientLoader.tsx";

/**
 * /clinician/patients/patient/:patientId, the patient list's link to a patient: their chart lives
 * at /assignment/{ccaId}/{ccauId} (spec §2), opened on its default tab or on ?tab=. Kept so every
 * link and bookmark to the patient page still works. The other parameters go along (Home's
 * add-program and discharge addresses open the Programs tab's dialog with ?action=).
 */
export function PatientViewPage() {
  const [params] = useSearchParams();
  const tab = params.get("tab") ?? "";
  // A copy: the router's own params must keep their tab.
  const others = new URLSearchParams(params);
  others.delete("tab");
  const rest = others.toString();
  return (
    <PatientLoader>
      {(patient) =>
        typeof patient.access_control_id === "number" &&
        typeof patient.client_clinic_assignment_user_id === "number" ? (
          <Redirect
            to={`${chartPath(
              patient.access_control_id,
              patient.client_clinic_assignment_user_id,
              isChartTab(tab) ? tab : "measures",
            )}${rest ? `?${rest}` : ""}`}
          />
        ) : (
          // Only a repair by hand removes it (the app refuses to: respondent-remove.ts); say so
          // rather than show an empty page.
          <Stack gap="md">
            <Title order={1}>{String(patient.full_name ?? "Patient")}</Title>
            <Alert color="red" role="alert" title="This chart cannot open">
              The link between this chart and the patient's own account is missing, and the chart opens through it. Ask
              an administrator to restore it.{" "}
              <Anchor component={Link} to="/clinician/patients">
                Back to patients
              </Anchor>
            </Alert>
          </Stack>
        )
      }
    </PatientLoader>
  );
}
