import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * A text box for the name someone signs in with: offered the saved username by the browser, and
 * never capitalized or "corrected" by a phone keyboard.
 */
export function UsernameInput(props: TextInputProps) {
  return <TextInput autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
