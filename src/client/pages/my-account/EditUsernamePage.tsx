import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { sessionStore } from "../../auth/session-store.ts";
import { useSignedInUser } from "../../auth/useSession.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { UsernameInput } from "../account/UsernameInput.tsx";
import { useSchemaFields } from "../account/useSchemaFields.ts";
import { myAccountApi, myAccountKeys } from "./my-account-api.ts";

/** /my-account/edit-username: the name the respondent signs in with (unique, spec §5 rules in api/username.json). */
export function EditUsernamePage() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const form = useSchemaFields("api/edit-username.json", { username: user.username });
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check<{ username: string }>();
    if (!body) return;
    setPending(true);
    try {
      const saved = await myAccountApi.changeUsername(user.id, body);
      queryClient.setQueryData(myAccountKeys.one(user.id), saved);
      // The header and the menu show the username the session holds.
      const state = sessionStore.get();
      if (state.status === "signedIn" && saved.username)
        sessionStore.set({ status: "signedIn", user: { ...state.user, username: saved.username } });
      form.reset({ username: saved.username ?? body.username });
      toastSuccess("Your username has been changed. Use it the next time you sign in.");
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const unchanged = form.values.username.trim() === user.username;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3">
          Username
        </Title>
        <Text size="sm" c="dimmed">
          3 to 64 letters, numbers, periods, hyphens or underscores, with no spaces.
        </Text>
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
          error={form.errors.username}
        />
        <div>
          <Button type="submit" loading={pending} disabled={unchanged}>
            Save username
          </Button>
        </div>
      </Stack>
    </form>
  );
}
