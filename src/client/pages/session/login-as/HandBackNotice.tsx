import { Stack, Text } from "@mantine/core";
import type { SessionUser } from "../../../../../generated/types/entities/user.ts";
import { clinicianName } from "./login-as-api.ts";
import { ReturnToClinician } from "./ReturnToClinician.tsx";

/** The done screen of a handed-over device: the respondent gives it back; leaving needs the clinician's password. */
export function HandBackNotice({ user }: { user: SessionUser }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>You are done. Please hand the device back to {clinicianName(user)}.</Text>
      <ReturnToClinician user={user} variant="filled" />
    </Stack>
  );
}
