import { useParams } from "react-router-dom";
import { Redirect } from "../../app/Redirect.tsx";
import { patientPaths } from "../patients/patient-paths.ts";

/**
 * Home's program addresses (spec §2 Clinician area): home/patient/{patientId}/add-program and
 * home/discharge/{accessControlProgramId}/{patientId}/{assignmentId}. Admitting and discharging
 * happen on the patient's chart (its Programs tab), so these open it there with the dialog open.
 */
export function ProgramActionRedirect({ action }: { action: "add-program" | "discharge" }) {
  const { patientId = "", accessControlProgramId = "" } = useParams();
  const query = new URLSearchParams({ tab: "programs", action });
  if (action === "discharge") query.set("admission", accessControlProgramId);
  return <Redirect to={`${patientPaths.view(patientId)}?${query}`} />;
}
