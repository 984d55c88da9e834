import { Button, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { useRecordSave } from "../../entities/useRecordSave.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { addProgramMeasure, type ProgramRecord, programEntity } from "./programs-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/programs/program/:programId/add-measure: forms/program-measure.form.json, then back to the program. */
export function ProgramAddMeasurePage() {
  const { programId = "" } = useParams();
  return (
    <RecordLoader<ProgramRecord>
      entity={programEntity}
      id={programId}
      backTo={{ label: "Back to programs", to: settingsPaths.programs }}
    >
      {(program) => <AddMeasure program={program} />}
    </RecordLoader>
  );
}

function AddMeasure({ program }: { program: ProgramRecord }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const back = settingsPaths.programEdit(program.id);
  const save = useRecordSave({
    save: (body) => addProgramMeasure(String(program.id), body),
    success: "Measure added to the program",
    failure: "The measure could not be added",
    onSaved: async () => {
      await client.invalidateQueries({ queryKey: ["entity", "programs"] });
      navigate(back);
    },
  });
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>Add measure</Title>
        <Text c="dimmed">{program.name}</Text>
      </div>
      <SchemaForm
        formId="forms/program-measure.form.json"
        onSubmit={save.submit}
        serverErrors={save.fieldErrors}
        submitLabel="Add measure"
        submitting={save.saving}
      >
        <Button variant="default" component={Link} to={back}>
          Cancel
        </Button>
      </SchemaForm>
    </Stack>
  );
}
