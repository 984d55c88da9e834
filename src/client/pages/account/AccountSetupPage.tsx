import { Alert, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { adoptSession } from "../../auth/session-actions.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { accountApi, LINK_EXPIRED, USERNAME_IN_USE } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { ExpiredLink } from "./ExpiredLink.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { passwordStrengthErrors, usePasswordStrengthPreload } from "./password-strength.ts";
import { UsernameInput } from "./UsernameInput.tsx";
import { useSchemaFields } from "./useSchemaFields.ts";

const SCHEMA_ID = "api/account-setup.json";

/** validate-token takes only the token: any 400 means the link is spent, stale, canceled or no link at all. */
function isExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

function Expired() {
  return (
    <ExpiredLink
      title="Set up your account"
      message={LINK_EXPIRED}
      advice="Invitation links work once and for a limited time. Ask your clinic to send you a new invitation."
    />
  );
}

function SetupForm({ token, firstName, username }: { token: string; firstName: string; username?: string }) {
  const form = useSchemaFields(SCHEMA_ID, { username: username ?? "", password: "", confirmPassword: "" });
  usePasswordStrengthPreload();
  const [taken, setTaken] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  function checkUsername() {
    const name = form.values.username.trim();
    if (!name || form.errors.username) return;
    accountApi
      .usernameAvailable(name, token)
      .then((answer) => setTaken(answer.available ? null : name))
      .catch(() => {
        // A courtesy: the save itself refuses a taken username.
      });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check({ token });
    if (!body) return;
    setPending(true);
    const weak = await passwordStrengthErrors("password", form.values.password, form.values.username);
    if (weak.length) {
      setPending(false);
      form.showErrors(weak);
      return;
    }
    try {
      const session = await accountApi.setUp(body);
      toastSuccess("Your account is ready.", `Welcome, ${session.user.firstName}`);
      // The anonymous-only guard now sends the signed-in user home.
      adoptSession(session);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.code === "link_expired") setExpired(true);
      else if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    }
  }

  if (expired) return <Expired />;
  const usernameError =
    form.errors.username ?? (taken && taken === form.values.username.trim() ? USERNAME_IN_USE : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Set up your account
        </Title>
        <Text size="sm">Welcome, {firstName}. Choose the username and password you will sign in with.</Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <UsernameInput
          label={form.titles.username}
          name="username"
          value={form.values.username}
          onChange={(e) => form.set("username", e.currentTarget.value)}
          onBlur={checkUsername}
          error={usernameError}
          description="Letters, numbers, periods, hyphens or underscores; no spaces."
          inputWrapperOrder={["label", "input", "description", "error"]}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={pending}>
          Create account
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}

/**
 * /security/account-setup?token= (spec §2; also /security/validate-token): the invitation link.
 * The link is checked on arrival; a live one leads to choosing a username and password, after
 * which the returned session signs the person in and the guard takes them home.
 */
export function AccountSetupPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useQuery({
    queryKey: ["security", "validate-token", token],
    queryFn: ({ signal }) => accountApi.validateToken(token, signal),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

  if (!token || (link.isError && isExpired(link.error))) return <Expired />;
  if (link.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Checking your link" />
      </Center>
    );
  }
  if (link.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Set up your account
        </Title>
        <Alert color="red" variant="light" role="alert">
          {errorText(link.error)}
        </Alert>
        <Button variant="default" onClick={() => void link.refetch()}>
          Try again
        </Button>
        <BackToSignIn />
      </Stack>
    );
  }
  return <SetupForm token={token} firstName={link.data.firstName} username={link.data.username} />;
}
