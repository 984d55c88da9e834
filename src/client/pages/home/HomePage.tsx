import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { useGeneralSettings } from "../../settings/useGeneralSettings.ts";
import { isProgramListTab, ProgramLists } from "../program-lists/ProgramLists.tsx";
import { WorklistTable } from "./WorklistTable.tsx";
import { type WorklistTab, worklistRange } from "./worklist-ranges.ts";

interface TabSpec {
  value: WorklistTab;
  label: string;
  tableId: string;
  countLabel: (n: number) => string;
  emptyText: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const TABS: TabSpec[] = [
  {
    value: "today",
    label: "Today",
    tableId: "tables/worklist-due.table.json",
    countLabel: (n) => plural(n, "measure due today", "measures due today"),
    emptyText: "Nothing is due today.",
  },
  {
    value: "week",
    label: "This week",
    tableId: "tables/worklist-due.table.json",
    countLabel: (n) => plural(n, "measure due this week", "measures due this week"),
    emptyText: "Nothing is due this week.",
  },
  {
    value: "new-results",
    label: "New results",
    tableId: "tables/worklist-results.table.json",
    countLabel: (n) => plural(n, "result in the last 7 days", "results in the last 7 days"),
    emptyText: "No results in the last 7 days.",
  },
];

/** Home's tabs in the spec's order: today, week, programs (only while the clinic works with programs), new results. */
type HomeTab = WorklistTab | "programs";
const PROGRAMS_TAB = { value: "programs", label: "Programs" } as const;

function isTab(value: string | null, programs: boolean): value is HomeTab {
  return TABS.some((t) => t.value === value) || (programs && value === PROGRAMS_TAB.value);
}

/**
 * /clinician/home (spec §2 Home; docs/home.md): the clinician's day. Today and This week list
 * what the patients of their patient-list view have due; New results what came in over the last
 * seven days, newest first, those they have not opened marked "New". Programs (docs/program-lists.md)
 * lists the patients of each program, one accordion per program. The tab is in the address.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const programs = useGeneralSettings().programs_enabled === true;
  const asked = params.get("tab");
  const tab: HomeTab = isTab(asked, programs) ? asked : "today";
  const listed = params.get("programs");
  const programTab = isProgramListTab(listed) ? listed : "my";
  const tabs = programs ? [...TABS.slice(0, 2), PROGRAMS_TAB, ...TABS.slice(2)] : TABS;

  return (
    <Stack gap="md">
      <Title order={1}>Home</Title>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== "today" ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {programs && (
          <Tabs.Panel value={PROGRAMS_TAB.value} pt="md">
            <ProgramLists
              tab={programTab}
              onTabChange={(next) =>
                setParams(next === "my" ? { tab: "programs" } : { tab: "programs", programs: next }, { replace: true })
              }
            />
          </Tabs.Panel>
        )}
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === "new-results" && (
              <Text size="sm" c="dimmed" mb="sm">
                Open a result to mark it seen.
              </Text>
            )}
            <WorklistTable
              range={worklistRange(t.value)}
              tableId={t.tableId}
              label={t.label}
              countLabel={t.countLabel}
              emptyText={t.emptyText}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
