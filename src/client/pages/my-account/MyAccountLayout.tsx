import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import { useSignedInUser } from "../../auth/useSession.ts";
import { canChangePassword } from "./account-eligibility.ts";

const SECTIONS = [
  { path: "contact-info", label: "Contact info" },
  { path: "edit-username", label: "Username" },
  { path: "change-password", label: "Password" },
] as const;

/** /my-account (spec §2 Respondent area): the respondent's own contact information, username and password. */
export function MyAccountLayout() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((s) => s.path !== "change-password" || canChangePassword(user));

  return (
    <Stack maw={720} mx="auto" gap="md">
      <div>
        <Title order={1} size="h2">
          My account
        </Title>
        <Text c="dimmed" size="sm">
          {user.firstName} {user.lastName}
        </Text>
      </div>
      <Group component="nav" aria-label="My account" gap={4} wrap="wrap">
        {sections.map((s) => {
          const to = `/my-account/${s.path}`;
          return (
            // NavLink marks the current section with aria-current="page".
            <Button
              key={s.path}
              component={NavLink}
              to={to}
              size="compact-sm"
              variant={pathname === to ? "light" : "subtle"}
            >
              {s.label}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
