import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { logout } from "../auth/session-actions.ts";

export function displayName(user: SessionUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

function initialsOf(user: SessionUser): string {
  if (user.initials) return user.initials;
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`;
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The signed-in user's name and the "Account" menu holding "Sign out". */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const name = displayName(user);

  function signOut() {
    void logout();
    navigate("/security/login", { replace: true });
  }

  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={500} visibleFrom="xs" truncate maw={220}>
        {name}
      </Text>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          {/* Named "Account" with the initials it shows, so speech and sight agree (WCAG 2.5.3). */}
          <UnstyledButton aria-label={`Account ${initialsOf(user)}`}>
            <Avatar color="indigo" radius="xl" size={34}>
              {initialsOf(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.username}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {user.permissions.includes("respondent.account") && (
            <Menu.Item component={Link} to="/my-account">
              My account
            </Menu.Item>
          )}
          <Menu.Item onClick={signOut}>Sign out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
