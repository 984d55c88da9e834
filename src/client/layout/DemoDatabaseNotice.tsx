import { Badge, Text } from "@mantine/core";

/**
 * The embedded PGlite database (the default) is for trying the product: fsync off, one connection.
 * Users are told so wherever they work, in words a clinician understands.
 */
export const DEMO_DATABASE_TEXT = "Demo database — not for real patient data";

/** Wide screens: a badge in the header. */
export function DemoDatabaseBadge() {
  return (
    <Badge color="yellow" variant="light" tt="none" size="lg" visibleFrom="md" title="Embedded database">
      {DEMO_DATABASE_TEXT}
    </Badge>
  );
}

/** Narrow screens: a slim strip above the page, where the header has no room. */
export function DemoDatabaseStrip() {
  return (
    <Text
      hiddenFrom="md"
      size="xs"
      ta="center"
      c="var(--mantine-color-yellow-light-color)"
      bg="yellow.0"
      px="sm"
      py={4}
      mb="sm"
      style={{ borderRadius: "var(--mantine-radius-sm)", border: "1px solid var(--mantine-color-yellow-3)" }}
    >
      {DEMO_DATABASE_TEXT}
    </Text>
  );
}
