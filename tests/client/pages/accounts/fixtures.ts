import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import type { ChartTeamMember } from "../../../../src/client/pages/respondents/respondent-api.ts";
import { jordan } from "../patients/fixtures.ts";

/** Jordan Rivera (patient 7) with his chart, as GET /api/patients/7 answers. */
export const patient = { ...jordan, access_control_id: 70, client_clinic_assignment_user_id: 700 };

export const WARNING =
  "Notifications are off or contact information is missing: invitations and reminders will not be sent.";

function member(overrides: Partial<ChartTeamMember>): ChartTeamMember {
  return {
    ccauId: 0,
    ccaId: 70,
    userId: 0,
    isPatient: false,
    full_name: "",
    name_first: "",
    name_middle: null,
    name_last: "",
    relation_id: 4,
    relation: "Mother",
    respondent_type: "caregiver",
    respondent_type_label: "Caregiver",
    status: 3,
    hasSignIn: false,
    email: null,
    email_notification: true,
    phone: null,
    mobile_notification: true,
    contact_information: "",
    contacts: [],
    notificationsEnabled: false,
    warnings: [],
    ...overrides,
  };
}

export const team = {
  ccaId: 70,
  patientId: 7,
  totalRecords: 3,
  rows: [
    member({
      ccauId: 700,
      userId: 17,
      isPatient: true,
      full_name: "Jordan Rivera",
      name_first: "Jordan",
      name_last: "Rivera",
      relation_id: 1,
      relation: "Patient",
      respondent_type: null,
      respondent_type_label: null,
      status: 2,
      hasSignIn: true,
      email: "jordan@example.org",
      contact_information: "jordan@example.org",
      notificationsEnabled: true,
    }),
    member({
      ccauId: 701,
      userId: 57,
      full_name: "Morgan Rivera",
      name_first: "Morgan",
      name_last: "Rivera",
      email: "morgan@example.org",
      phone: "3125550147",
      contact_information: "morgan@example.org, (312) 555-0147",
      notificationsEnabled: true,
    }),
    member({
      ccauId: 702,
      userId: 58,
      full_name: "Nadia Karimi",
      name_first: "Nadia",
      name_last: "Karimi",
      relation_id: 30,
      relation: "Teacher",
      respondent_type: "teacher",
      respondent_type_label: "Teacher",
      warnings: [WARNING],
    }),
  ],
};

export const respondentUser: SessionUser = {
  id: 57,
  username: "parent",
  firstName: "Morgan",
  lastName: "Rivera",
  roles: ["respondent"],
  permissions: ["respondent.account", "respondent.session"],
  status: 2,
  user_type: "patient",
};

/** A session answer as the sign-in routes give it (tokens are opaque to these pages). */
export function sessionFor(user: SessionUser) {
  return { accessToken: "access.token.value", user };
}
