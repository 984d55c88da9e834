import { Alert, Button, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { SessionUser } from "../../../../../generated/types/entities/user.ts";
import { ApiError } from "../../../api/api-error.ts";
import { errorText } from "../../../api/error-text.ts";
import { clinicianName, returnToClinician } from "./login-as-api.ts";

/**
 * "Return to clinician" (issue 10 §5): the only way out of the locked respondent view. It asks for
 * the clinician's password; a wrong one says so and the device stays locked.
 */
export function ReturnToClinician({
  user,
  variant = "default",
}: {
  user: SessionUser;
  variant?: "default" | "filled";
}) {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const name = clinicianName(user);

  const close = () => {
    setOpened(false);
    setPassword("");
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setProblem("Enter your password.");
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      navigate(await returnToClinician(password), { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === "password") : undefined;
      setProblem(field?.message ?? errorText(error));
      setPassword("");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => setOpened(true)}>
        Return to clinician
      </Button>
      <Modal opened={opened} onClose={close} title="Return to clinician" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{name}, enter your password to take the device back.</Text>
            {problem && (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            )}
            <PasswordInput
              label="Your password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
            />
            <Button type="submit" loading={pending}>
              Return to clinician
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
