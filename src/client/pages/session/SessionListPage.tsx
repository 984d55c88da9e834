import { Alert, Badge, Button, Card, Center, Group, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { Redirect } from "../../app/Redirect.tsx";
import { useSignedInUser } from "../../auth/useSession.ts";
import { formatCalendarDate, isClinicToday } from "../../dates/clinic-dates.ts";
import { setAgreementAccepted } from "./agreement-state.ts";
import {
  type AvailableMeasure,
  isAgreementRequired,
  type RespondentGroup,
  useAvailableSessions,
} from "./session-api.ts";
import { sessionPaths } from "./session-paths.ts";

/** /session: what the respondent can answer now, their own first, then each child's (a parent). */
export function SessionListPage() {
  const user = useSignedInUser();
  const sessions = useAvailableSessions();
  const agreementMissing = isAgreementRequired(sessions.error);
  useEffect(() => {
    if (agreementMissing) setAgreementAccepted(false);
  }, [agreementMissing]);

  if (sessions.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading your questionnaires" />
      </Center>
    );
  }
  if (sessions.isError) {
    return (
      <Alert color="red" title="Your questionnaires could not be loaded" maw={680} mx="auto">
        {errorText(sessions.error)}
      </Alert>
    );
  }
  if (sessions.data.totalRecords === 0) return <Redirect to={sessionPaths.none} />;

  const groups = sessions.data.groups.filter((g) => g.measures.length > 0);
  return (
    <Stack maw={680} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Hello, {user.firstName}
        </Title>
        <Text c="dimmed" mt={4}>
          {sessions.data.totalRecords === 1
            ? "One questionnaire is waiting for you."
            : `${sessions.data.totalRecords} questionnaires are waiting for you.`}{" "}
          Your answers are saved as you go.
        </Text>
      </div>
      {groups.map((group) => (
        <GroupSection key={group.ccauId} group={group} headed={groups.length > 1 || !group.self} />
      ))}
    </Stack>
  );
}

function groupTitle(group: RespondentGroup): string {
  return group.self ? "Your questionnaires" : `About ${group.patient.full_name}`;
}

function GroupSection({ group, headed }: { group: RespondentGroup; headed: boolean }) {
  const titleId = `group-${group.ccauId}`;
  return (
    <section aria-labelledby={headed ? titleId : undefined}>
      {headed && (
        <Title order={2} size="h4" id={titleId} mb="xs">
          {groupTitle(group)}
        </Title>
      )}
      <Stack gap="sm">
        {group.measures.map((measure) => (
          <MeasureCard
            key={measure.clientMeasureId}
            measure={measure}
            about={group.self ? null : group.patient.full_name}
          />
        ))}
      </Stack>
    </section>
  );
}

function MeasureCard({ measure, about }: { measure: AvailableMeasure; about: string | null }) {
  const started = measure.status === "partial";
  const verb = started ? "Continue" : "Start";
  const title = measure.title;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 14rem", minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {measure.questionCount} questions · Due {formatCalendarDate(measure.due_date)}
            {isClinicToday(measure.due_date) && (
              <Badge ml="xs" size="sm" color="orange" variant="light">
                Due today
              </Badge>
            )}
          </Text>
          {started && (
            <>
              <Progress
                value={Math.min(100, (measure.answeredCount / Math.max(1, measure.questionCount)) * 100)}
                size="sm"
                aria-label={`${measure.answeredCount} of ${measure.questionCount} answered`}
                mt={4}
              />
              <Text size="xs" c="dimmed">
                {measure.answeredCount} of {measure.questionCount} answered
              </Text>
            </>
          )}
        </Stack>
        <Button
          component={Link}
          to={sessionPaths.page(measure.clientMeasureId, measure.resumePageId)}
          // The visible verb first, then which questionnaire: a screen reader's list of links stays clear.
          aria-label={`${verb} ${title}${about ? `, for ${about}` : ""}, due ${formatCalendarDate(measure.due_date)}`}
        >
          {verb}
        </Button>
      </Group>
    </Card>
  );
}
