import { Loader, Stack, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { useGeneralSettingsQuery } from "../../settings/useGeneralSettings.ts";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { isProgramListTab, ProgramLists } from "./ProgramLists.tsx";

/**
 * /clinician/my-programs (spec §2 "a my-programs list (tabs, default my)"): the programs the user
 * is on, or all they may see, each with its patients. Like every program screen, a page that does
 * not exist while the clinic works without programs.
 */
export function MyProgramsPage() {
  const settings = useGeneralSettingsQuery();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = isProgramListTab(asked) ? asked : "my";

  if (settings.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (settings.data?.programs_enabled !== true) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <Title order={1}>My programs</Title>
      <ProgramLists
        tab={tab}
        onTabChange={(next) => setParams(next === "my" ? {} : { tab: next }, { replace: true })}
      />
    </Stack>
  );
}
