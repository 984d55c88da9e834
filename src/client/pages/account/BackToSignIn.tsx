import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** The way back from every public account page, with any other ways out beside it. */
export function BackToSignIn({ children }: { children?: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Anchor component={Link} to="/security/login" size="sm">
        Back to sign in
      </Anchor>
      {children}
    </Group>
  );
}
