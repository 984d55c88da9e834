import { Alert, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BackToSignIn } from "./BackToSignIn.tsx";

/** A spent, stale or broken link (spec §8): the spec's sentence, then what to do instead. */
export function ExpiredLink({
  title,
  message,
  advice,
  children,
}: {
  title: string;
  message: string;
  advice: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Text size="sm">{advice}</Text>
      <BackToSignIn>{children}</BackToSignIn>
    </Stack>
  );
}
