import { Alert, Button, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import "./account.css";
import { useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { adoptSession } from "../../auth/session-actions.ts";
import { type AccountChoice, accountApi } from "./account-api.ts";
import { choiceDescription, orderAccountChoices } from "./account-choices.ts";

export interface SelectAccountProps {
  accounts: readonly AccountChoice[];
  selectionToken: string;
  /** The selection expired or was used: start over with a new code. */
  onStartOver: () => void;
}

/**
 * The select-account screen (spec §2): one access code opened several accounts (a parent of two
 * patients, a patient who is also a parent). The person's own account comes first.
 */
export function SelectAccount({ accounts, selectionToken, onStartOver }: SelectAccountProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);

  async function choose(choice: AccountChoice) {
    setFailure(null);
    setPendingId(choice.accountId);
    try {
      const session = await accountApi.selectAccount({ selectionToken, accountId: choice.accountId });
      // The anonymous-only guard takes the signed-in respondent home.
      adoptSession(session);
    } catch (error) {
      setPendingId(null);
      setFailure(error);
      if (error instanceof ApiError && error.code === "link_expired") setExpired(true);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Select an account
      </Title>
      <Text size="sm">Your access code opens more than one account. Choose the one to continue with.</Text>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      {expired ? (
        <Button onClick={onStartOver}>Request a new code</Button>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Accounts" style={{ listStyle: "none" }}>
          {orderAccountChoices(accounts).map((choice) => (
            <li key={choice.accountId}>
              <UnstyledButton
                w="100%"
                className="account-choice"
                disabled={pendingId !== null}
                aria-busy={pendingId === choice.accountId || undefined}
                onClick={() => void choose(choice)}
              >
                <Paper withBorder radius="md" p="md" bg="transparent">
                  <Text fw={600}>{choice.patientName}</Text>
                  <Text size="sm" c="dimmed">
                    {pendingId === choice.accountId ? "Signing in…" : choiceDescription(choice)}
                  </Text>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
