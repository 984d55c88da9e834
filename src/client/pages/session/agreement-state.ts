import { sessionStore } from "../../auth/session-store.ts";

/**
 * Records on the signed-in user whether the privacy agreement is accepted (spec §3 Logged-in
 * user: hippaAgreement), so the gate opens at once after acceptance and closes again if the
 * server says it is missing.
 */
export function setAgreementAccepted(accepted: boolean): void {
  const state = sessionStore.get();
  if (state.status !== "signedIn" || (state.user.hippaAgreement === true) === accepted) return;
  sessionStore.set({ status: "signedIn", user: { ...state.user, hippaAgreement: accepted } });
}
