import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { accountApi, LINK_EXPIRED } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { ExpiredLink } from "./ExpiredLink.tsx";

/**
 * /security/join-care-team?token= (issue 8 §1): a person known to the clinic was asked to join
 * another patient's care team by a clinician who could not see them. Nothing happens until the
 * person says yes here; ignoring the message changes nothing. The link is spent on accepting.
 */
export function JoinCareTeamPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [accepted, setAccepted] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function accept() {
    setFailure(null);
    setPending(true);
    try {
      setAccepted((await accountApi.acceptCareTeamInvitation(token)).message);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const expired = failure instanceof ApiError && failure.body.code === "link_expired";
  if (!token || expired)
    return (
      <ExpiredLink
        title="Join a care team"
        message={LINK_EXPIRED}
        advice="Ask the clinic to send you a new invitation."
      />
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Join a care team
      </Title>
      {accepted !== null ? (
        <Alert color="teal" variant="light" role="status">
          {accepted}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Your clinic asks you to join a patient's care team, to answer questionnaires about their care. If you agree,
            accept below. If you did not expect this, you can close this page: nothing changes.
          </Text>
          {failure !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <Button onClick={() => void accept()} loading={pending}>
            Accept invitation
          </Button>
        </>
      )}
      <BackToSignIn />
    </Stack>
  );
}
