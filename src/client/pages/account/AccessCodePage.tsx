import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { adoptSession } from "../../auth/session-actions.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { type AccountChoice, accountApi, isSelection } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { SelectAccount } from "./SelectAccount.tsx";
import { UsernameInput } from "./UsernameInput.tsx";
import { useSchemaFields } from "./useSchemaFields.ts";

type Step =
  | { name: "request" }
  | { name: "code"; identifier: string; message: string }
  | { name: "select"; accounts: AccountChoice[]; selectionToken: string };

/** Step 1: who the code is for. */
function RequestCode({ initial, onSent }: { initial: string; onSent: (identifier: string, message: string) => void }) {
  const form = useSchemaFields("api/access-code-request.json", { identifier: initial });
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check<{ identifier: string }>();
    if (!body) return;
    setPending(true);
    try {
      const { message } = await accountApi.requestAccessCode(body);
      onSent(body.identifier, message);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Sign in with an access code
        </Title>
        <Text size="sm">
          We will send a 6-digit code to the email address or mobile number your clinic has for you. No password needed.
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <UsernameInput
          label={form.titles.identifier}
          name="identifier"
          autoFocus
          value={form.values.identifier}
          onChange={(e) => form.set("identifier", e.currentTarget.value)}
          error={form.errors.identifier}
        />
        <Button type="submit" fullWidth loading={pending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: the code from the message; one account signs in, several go to the select-account screen. */
function EnterCode({
  identifier,
  message,
  onAccounts,
  onChangeIdentifier,
}: {
  identifier: string;
  message: string;
  onAccounts: (accounts: AccountChoice[], selectionToken: string) => void;
  onChangeIdentifier: () => void;
}) {
  const form = useSchemaFields("api/validate-access-code.json", { code: "" });
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [resent, setResent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check({ identifier });
    if (!body) return;
    setPending(true);
    try {
      const answer = await accountApi.validateAccessCode(body);
      if (isSelection(answer)) {
        onAccounts(answer.accounts, answer.selectionToken);
        return;
      }
      // The anonymous-only guard takes the signed-in respondent home.
      adoptSession(answer);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else if (error instanceof ApiError && error.code === "invalid_code")
        form.showErrors([{ field: "code", message: error.message }]);
      else setFailure(error);
    }
  }

  async function resend() {
    setFailure(null);
    try {
      await accountApi.requestAccessCode({ identifier });
      form.reset({ code: "" });
      setResent(true);
      toastSuccess("A new code is on its way. Use the newest one: earlier codes no longer work.");
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Enter your access code
        </Title>
        <Alert color="teal" variant="light" role="status">
          {message}
        </Alert>
        <Text size="sm">
          Enter the 6-digit code for <strong>{identifier}</strong>. It works once and expires in a few minutes.
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <TextInput
          label={form.titles.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={12}
          value={form.values.code}
          onChange={(e) => form.set("code", e.currentTarget.value)}
          error={form.errors.code ?? form.errors.identifier}
          styles={{ input: { letterSpacing: "0.2em", fontVariantNumeric: "tabular-nums" } }}
        />
        <Button type="submit" fullWidth loading={pending}>
          Sign in
        </Button>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={resent}>
            {resent ? "New code sent" : "Send a new code"}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onChangeIdentifier}>
            Use a different username, email or number
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /security/access-code: a respondent signs in with a code sent to their email or phone (spec
 * §2, §6). Request, enter, and when the code opens several accounts, select one.
 */
export function AccessCodePage() {
  const [step, setStep] = useState<Step>({ name: "request" });
  const [identifier, setIdentifier] = useState("");

  let content: ReactNode;
  if (step.name === "request") {
    content = (
      <RequestCode
        initial={identifier}
        onSent={(typed, message) => {
          setIdentifier(typed);
          setStep({ name: "code", identifier: typed, message });
        }}
      />
    );
  } else if (step.name === "code") {
    content = (
      <EnterCode
        identifier={step.identifier}
        message={step.message}
        onAccounts={(accounts, selectionToken) => setStep({ name: "select", accounts, selectionToken })}
        onChangeIdentifier={() => setStep({ name: "request" })}
      />
    );
  } else {
    content = (
      <SelectAccount
        accounts={step.accounts}
        selectionToken={step.selectionToken}
        onStartOver={() => setStep({ name: "request" })}
      />
    );
  }
  return (
    <Stack gap="md">
      {content}
      <BackToSignIn />
    </Stack>
  );
}
