import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "react-router-dom";
import { FieldValue } from "../../renderers/FieldValue.tsx";
import { AccountStatusActions } from "./AccountStatusActions.tsx";
import { InviteButton } from "./InviteButton.tsx";
import { RemoveRespondentDialog } from "./RemoveRespondentDialog.tsx";
import type { ChartTeamMember } from "./respondent-api.ts";
import { respondentPaths } from "./respondent-paths.ts";
import type { TeamCardLayout } from "./team-columns.ts";

export interface TeamMemberCardProps {
  member: ChartTeamMember;
  layout: TeamCardLayout;
  patientId: number;
  patientName: string;
  canWrite: boolean;
}

function text(member: ChartTeamMember, field: string): string {
  const value = (member as unknown as Record<string, unknown>)[field];
  return typeof value === "string" ? value : "";
}

function alerts(member: ChartTeamMember, field: string): string[] {
  const value = (member as unknown as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
}

/** One person on the chart's team, as a list item named by the person (find it by name). */
export function TeamMemberCard({ member, layout, patientId, patientName, canWrite }: TeamMemberCardProps) {
  const [removing, removal] = useDisclosure(false);
  const name = text(member, layout.title);
  const record = member as unknown as Record<string, unknown>;
  const warnings = alerts(member, layout.alerts);

  return (
    <Paper component="li" withBorder radius="md" p={{ base: "sm", sm: "md" }} aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            <Badge variant="light" color={member.isPatient ? "indigo" : "gray"} radius="sm">
              {text(member, layout.badge)}
            </Badge>
          </Group>
          {canWrite && (
            <Group gap="xs" wrap="wrap">
              <InviteButton member={member} />
              <AccountStatusActions member={member} />
              {!member.isPatient && (
                <>
                  <Button
                    component={Link}
                    to={respondentPaths.edit(patientId, member.ccauId)}
                    size="xs"
                    variant="default"
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={removal.open} aria-label={`Remove ${name}`}>
                    Remove
                  </Button>
                </>
              )}
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: layout.details.length }} spacing="sm" verticalSpacing="xs">
          {layout.details.map((column) => (
            <div key={column.field}>
              <Text size="xs" c="dimmed">
                {column.header}
              </Text>
              <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
                <FieldValue kind={column.kind} value={record[column.field]} enumLabels={column.enumLabels} />
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {warnings.map((warning) => (
          <Alert key={warning} color="yellow" variant="light" p="xs">
            <Text size="sm">{warning}</Text>
          </Alert>
        ))}
        {member.isPatient && canWrite && (
          <Text size="xs" c="dimmed">
            The patient's own details are changed on the patient form.
          </Text>
        )}
      </Stack>
      {canWrite && !member.isPatient && (
        <RemoveRespondentDialog opened={removing} onClose={removal.close} member={member} patientName={patientName} />
      )}
    </Paper>
  );
}
