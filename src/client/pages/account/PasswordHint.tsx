import { Text } from "@mantine/core";

/** Spec §5's password rule in words, beside every new-password field. */
export const PASSWORD_RULE =
  "Use 8 or more characters with no spaces, including a digit, an upper-case letter, a lower-case letter and a symbol.";

export function PasswordHint() {
  return (
    <Text size="xs" c="dimmed">
      {PASSWORD_RULE}
    </Text>
  );
}
