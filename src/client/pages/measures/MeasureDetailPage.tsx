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
import { StarToggle } from "./StarToggle.tsx";

/** /clinician/measures/library/:measureLibraryId: everything the definition states, and what it cannot verify. */
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

/** Everything the sources could not confirm, gathered in one place that cannot be missed. */
function unverifiedNotes(m: LibraryDetail): string[] {
  const notes = m.unverified.map((u) => `${u.field}: ${u.note}`);
  if (!m.instructions.verified) notes.push("instructions: the instruction wording is not verified.");
  if (m.loinc?.verified === "secondary") notes.push("loinc: codes seen only in third-party code; check before use.");
  return notes;
}

function MeasureDetail({ measure: m }: { measure: LibraryDetail }) {
  const { can } = useSession();
  const unverified = unverifiedNotes(m);
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
              version {m.version}
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

      {unverified.length > 0 && (
        <Alert color="yellow" variant="light" title="NOT VERIFIED" radius="md">
          <Text size="sm" mb={4}>
            The sources could not confirm the following. None of it drives scoring, bands or alerts.
          </Text>
          <List size="sm" spacing={4}>
            {unverified.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Section title="About">
        <DataList withDivider labelWidth="12rem" orientation={orientation}>
          <Item label="Short name" value={m.short_name} />
          <Item label="Respondent" value={m.respondent_detail ?? respondentLabel(m.respondent)} />
          <Item label="Age range" value={m.age_range.text} />
          <Item label="Recall period" value={m.recall_period} />
          <Item label="Clinician administered" value={yesNo(m.clinical_administered)} />
          <Item label="Pre-populated" value={yesNo(m.pre_populate)} />
          <Item label="Bundle measure" value={yesNo(m.is_bundle_measure)} />
          <Item label="Safety plan" value={yesNo(m.is_safety_plan)} />
        </DataList>
      </Section>

      <Section title="Licence">
        <Text fw={600} size="sm">
          {m.license.status}
        </Text>
        <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
          {m.license.text}
        </Text>
        {m.license.note && (
          <Text size="sm" c="dimmed" mt={4}>
            {m.license.note}
          </Text>
        )}
      </Section>

      <Section title="Sources">
        <List size="sm" spacing={4}>
          {m.source.map((s) => (
            <List.Item key={s} style={{ overflowWrap: "anywhere" }}>
              {s}
            </List.Item>
          ))}
        </List>
      </Section>

      <Section title="LOINC codes">
        {m.loinc ? (
          <DataList withDivider labelWidth="12rem" orientation={orientation}>
            {m.loinc.panel && <Item label="Panel" value={m.loinc.panel} />}
            {m.loinc.total && <Item label="Total score" value={m.loinc.total} />}
            {Object.entries(m.loinc.answerLists ?? {}).map(([name, code]) => (
              <Item key={name} label={`Answer list (${name})`} value={code} />
            ))}
            {m.loinc.verified && (
              <Item
                label="Read in"
                value={m.loinc.verified === "primary" ? "a LOINC-derived form" : "third-party code only (NOT VERIFIED)"}
              />
            )}
            {m.loinc.note && <Item label="Note" value={m.loinc.note} />}
          </DataList>
        ) : (
          <Text size="sm" c="dimmed">
            No LOINC code is verified for this measure.
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          Item and answer codes are listed with the questions.
        </Text>
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
          {m.instructions.note && (
            <Text size="sm" c="dimmed">
              {m.instructions.note}
            </Text>
          )}
          {!m.instructions.verified && (
            <Badge color="yellow" variant="filled" size="sm">
              NOT VERIFIED
            </Badge>
          )}
          {!m.instructions.respondent && !m.instructions.interviewer && (
            <Text size="sm" c="dimmed">
              No instructions.
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

      {m.notes.length > 0 && (
        <Section title="Notes from the sources">
          <Stack gap="xs">
            {m.notes.map((n) => (
              <Text key={n.topic} size="sm">
                <strong>{n.topic}:</strong> {n.text}
              </Text>
            ))}
          </Stack>
        </Section>
      )}
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
