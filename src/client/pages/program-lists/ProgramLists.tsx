import { Accordion, Alert, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { errorText } from "../../api/error-text.ts";
import { useSignedInUser } from "../../auth/useSession.ts";
import { readOpenedPrograms, writeOpenedPrograms } from "./opened-programs.ts";
import { ProgramPatients } from "./ProgramPatients.tsx";
import {
  type ListedProgram,
  type PatientsSource,
  type ProgramListTab,
  useListedPrograms,
  useProgramPatientCount,
} from "./program-list-api.ts";

const TABS = enumOptions(schemaById(defaultBundle, "enums/program-list-tab.json")) as {
  value: ProgramListTab;
  label: string;
}[];

export const isProgramListTab = (value: string | null): value is ProgramListTab => TABS.some((t) => t.value === value);

/** The accordion value of the patients in no program (program ids are numbers). */
const NO_PROGRAM = "no-program";

const patientCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "patient" : "patients"}`;

interface ProgramItemProps {
  value: string;
  title: string;
  source: PatientsSource;
  open: boolean;
}

/** One accordion: closed, it asks only for its count; opened, it lists its patients. */
function ProgramItem({ value, title, source, open }: ProgramItemProps) {
  const count = useProgramPatientCount(source, !open);
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{title}</Text>
          {count.data !== undefined && (
            <Text size="sm" c="dimmed">
              {patientCount(count.data)}
            </Text>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{open && <ProgramPatients source={source} label={title} />}</Accordion.Panel>
    </Accordion.Item>
  );
}

const programTitle = (p: ListedProgram) => (p.program_status === "inactive" ? `${p.name} (inactive)` : p.name);

/** A tab's programs, one accordion each, newest first; which are open is remembered for the user and tab. */
function ProgramAccordion({ tab }: { tab: ProgramListTab }) {
  const user = useSignedInUser();
  const programs = useListedPrograms(tab);
  const [opened, setOpened] = useState(() => readOpenedPrograms(user.id, tab));
  const change = (next: string[]) => {
    setOpened(next);
    writeOpenedPrograms(user.id, tab, next);
  };

  if (programs.isPending) return <Loader size="sm" aria-label="Loading programs" />;
  if (programs.isError) {
    return (
      <Alert color="red" title="The programs could not be loaded">
        {errorText(programs.error)}
      </Alert>
    );
  }
  const list = programs.data;
  return (
    <Stack gap="sm">
      {list.length === 0 && (
        <Text c="dimmed">{tab === "my" ? "You are not on any program yet." : "There are no programs yet."}</Text>
      )}
      <Accordion multiple value={opened} onChange={change} variant="separated" order={2}>
        {list.map((p) => (
          <ProgramItem
            key={p.id}
            value={String(p.id)}
            title={programTitle(p)}
            source={{ programId: p.id }}
            open={opened.includes(String(p.id))}
          />
        ))}
        {tab === "all" && (
          <ProgramItem
            value={NO_PROGRAM}
            title="Not in a program"
            source="no-program"
            open={opened.includes(NO_PROGRAM)}
          />
        )}
      </Accordion>
    </Stack>
  );
}

export interface ProgramListsProps {
  tab: ProgramListTab;
  onTabChange: (tab: ProgramListTab) => void;
}

/**
 * The my-programs list (spec §2 Clinician area, §4 Program lists; docs/program-lists.md): tabs for
 * the programs the user is on and all the programs they may see (default mine), each program an
 * accordion of its patients. Home's Programs tab shows the same list.
 */
export function ProgramLists({ tab, onTabChange }: ProgramListsProps) {
  return (
    <Tabs
      value={tab}
      onChange={(next) => isProgramListTab(next) && onTabChange(next)}
      keepMounted={false}
      variant="pills"
    >
      <Tabs.List aria-label="Programs to list">
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          <ProgramAccordion key={t.value} tab={t.value} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
