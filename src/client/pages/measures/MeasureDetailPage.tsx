import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  DataList,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { useSession } from "../../auth/useSession.ts";
import { MeasureItems } from "./MeasureItems.tsx";
import { MeasureScoring } from "./MeasureScoring.tsx";
import { type LibraryDetail, useLibraryEntry } from "./measure-api.ts";
import { respondentLabel } from "./measure-format.ts";
import { measurePaths } from "./measure-paths.ts";
import { citation, definitionVersionLabel, licenseStatusLabel } from "./measure-words.ts";
import { StarToggle } from "./StarToggle.tsx";

/**
 * /clinician/measures/library/:measureLibraryId: what a clinician needs to know about a measure, in
 * words. Where each fact was read (and what could not be verified) is for developers: docs/measures.md.
 */
export function MeasureDetailPage() {
  const { measureLibraryId = "" } = useParams();
  const valid = /^[1-9]\d{0,15}$/.test(measureLibraryId);
  const entry = useLibraryEntry(valid ? measureLibraryId : "0");
  const back = (
    <Anchor component={Link} to={measurePaths.library} size="sm">
      ← Measures
    </Anchor>
  );
  if (!valid || (entry.error instanceof ApiError && entry.error.status === 404)) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="yellow" title="Measure not found">
          This measure does not exist.
        </Alert>
      </Stack>
    );
  }
  if (entry.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading measure" />
      </Center>
    );
  }
  if (entry.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title="The measure could not be loaded">
          {errorText(entry.error)}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={960}>
      {back}
      <MeasureDetail measure={entry.data} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Who answers, in words: the schema's title, with the source's wording only when it adds something. */
function respondentText(m: LibraryDetail): string {
  const label = respondentLabel(m.respondent);
  const detail = m.respondent_detail?.trim();
  if (!detail || detail === m.respondent || detail.toLowerCase() === label.toLowerCase()) return label;
  return `${label} (${detail})`;
}

function MeasureDetail({ measure: m }: { measure: LibraryDetail }) {
  const { can } = useSession();
  // On a phone, labels go above values (as SchemaDetails does).
  const orientation = useMediaQuery("(max-width: 36em)") ? "vertical" : "horizontal";
  const yesNo = (v: boolean) => (v ? "Yes" : "No");
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Title order={1}>{m.abbreviation}</Title>
            <StarToggle id={m.id} abbreviation={m.abbreviation} starred={m.starred} />
          </Group>
          <Text size="lg">{m.name}</Text>
          <Group gap={6} mt={6} wrap="wrap">
            <Badge variant="light">{m.condition}</Badge>
            <Badge variant="light" color="gray">
              {respondentLabel(m.respondent)}
            </Badge>
            <Badge variant="light" color="gray">
              {m.question_count} questions
            </Badge>
            <Badge variant="light" color="gray">
              {definitionVersionLabel(m.version)}
            </Badge>
            {!m.in_library && <Badge color="gray">No longer in the library</Badge>}
          </Group>
        </div>
        {can("measures.preview") && (
          <Button component={Link} to={measurePaths.audition(m.id)} variant="light">
            Preview
          </Button>
        )}
      </Group>

      {m.discontinued && (
        <Alert color="gray" title="Discontinued">
          Discontinued on {m.discontinued.date}; it can no longer be scheduled.
          {m.discontinued.replacement && (
            <>
              {" "}
              Replaced by{" "}
              <Anchor component={Link} to={measurePaths.detail(m.discontinued.replacement.id)}>
                {m.discontinued.replacement.abbreviation}
              </Anchor>
              .
            </>
          )}
        </Alert>
      )}

      <Section title="About">
        <Text size="sm" mb="sm">
          <strong>What it measures:</strong> {m.purpose}
        </Text>
        <DataList withDivider labelWidth="12rem" orientation={orientation}>
          <Item label="Who answers" value={respondentText(m)} />
          <Item label="Age range" value={m.age_range.text} />
          <Item label="Period asked about" value={m.recall_period} />
          <Item label="Clinician administered" value={yesNo(m.clinical_administered)} />
          <Item label="Starts from the previous answers" value={yesNo(m.pre_populate)} />
          {m.is_bundle_measure && <Item label="Bundle measure" value="Yes" />}
          {m.is_safety_plan && <Item label="Safety plan" value="Yes" />}
          {m.loinc?.panel && <Item label="LOINC panel code" value={m.loinc.panel} />}
          {m.loinc?.total && <Item label="LOINC total score code" value={m.loinc.total} />}
        </DataList>
      </Section>

      <Section title="Instructions">
        <Stack gap={6}>
          {m.instructions.respondent && (
            <Text size="sm">
              <strong>For the respondent:</strong> {m.instructions.respondent}
            </Text>
          )}
          {m.instructions.interviewer && (
            <Text size="sm">
              <strong>For an interviewer:</strong> {m.instructions.interviewer}
            </Text>
          )}
          {!m.instructions.respondent && !m.instructions.interviewer && (
            <Text size="sm" c="dimmed">
              No instructions: the questions are shown as they are.
            </Text>
          )}
        </Stack>
      </Section>

      <Section title="Questions">
        <MeasureItems measure={m} />
      </Section>

      <Section title="Scoring and alerts">
        <MeasureScoring measure={m} />
      </Section>

      <Section title="Licence">
        <Text fw={600} size="sm">
          {licenseStatusLabel(m.license.status)}
        </Text>
        <Text size="sm" mt={4}>
          {m.license.summary}
        </Text>
      </Section>

      <Section title="References">
        {m.references.length ? (
          <List size="sm" spacing={4}>
            {m.references.map((ref) => (
              <List.Item key={citation(ref)}>{citation(ref)}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            No published reference is recorded for this measure.
          </Text>
        )}
      </Section>
    </>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: "anywhere" }}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
