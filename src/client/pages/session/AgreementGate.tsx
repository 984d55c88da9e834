import { Outlet } from "react-router-dom";
import { useSignedInUser } from "../../auth/useSession.ts";
import { PrivacyAgreement } from "./PrivacyAgreement.tsx";

/**
 * Until the privacy agreement is accepted, the respondent area shows nothing else (spec §1,
 * issue 4 §4), whatever address was asked for; once accepted, that address shows.
 */
export function AgreementGate() {
  const user = useSignedInUser();
  if (user.hippaAgreement !== true) return <PrivacyAgreement />;
  return <Outlet />;
}
