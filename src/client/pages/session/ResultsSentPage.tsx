import { Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { HandBackNotice } from "./login-as/HandBackNotice.tsx";
import { useAvailableSessions } from "./session-api.ts";
import { sessionPaths } from "./session-paths.ts";

/** /session/results-sent: the end of a session. Offers the next questionnaire when there is one. */
export function ResultsSentPage() {
  const { state } = useLocation() as { state: { measureName?: string } | null };
  const sessions = useAvailableSessions();
  const { user } = useSession();
  const more = sessions.data?.totalRecords ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack maw={680} mx="auto" gap="md">
      <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
        <Stack gap="sm" align="flex-start">
          <ThemeIcon size="xl" radius="xl" color="teal" aria-hidden="true">
            ✓
          </ThemeIcon>
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            Thank you
          </Title>
          <Text>
            {state?.measureName ? `Your answers to “${state.measureName}” were sent` : "Your answers were sent"} to your
            care team.
          </Text>
          {more > 0 ? (
            <Button component={Link} to={sessionPaths.list}>
              {more === 1 ? "Answer the next questionnaire" : `Answer the next questionnaires (${more})`}
            </Button>
          ) : user?.loggedAsRespondent ? (
            <HandBackNotice user={user} />
          ) : (
            <Text c="dimmed" size="sm">
              There is nothing else to answer right now. You can sign out or close this page.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
