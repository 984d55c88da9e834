import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { refreshAfterChange } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { checkTeamName, saveTeam, TEAM_NAME_TAKEN, TEAMS, type TeamRecord } from "./teams-api.ts";
import { useFormSave } from "./useFormSave.ts";

/** Add or edit a clinician team (forms/clinician-team.form.json); the name is checked when left (spec §5). */
export function TeamEditor({ team }: { team?: TeamRecord }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [nameTaken, setNameTaken] = useState(false);
  const latestName = useRef("");

  const { submit, fieldErrors, saving } = useFormSave({
    save: (body) => saveTeam(team?.id, body),
    success: team ? "Team updated" : "Team added",
    failure: "The team could not be saved",
    onSaved: async () => {
      await refreshAfterChange(client, TEAMS, ["clinicianTeams"]);
      navigate(settingsPaths.teams);
    },
  });

  const onFieldBlur = (field: string, value: unknown) => {
    if (field !== "name") return;
    const name = typeof value === "string" ? value.trim() : "";
    latestName.current = name;
    if (!name) {
      setNameTaken(false);
      return;
    }
    checkTeamName(name, team?.id)
      .then((result) => {
        if (latestName.current === name) setNameTaken(!result.available);
      })
      .catch(() => {
        // A courtesy check: the server refuses a taken name on save anyway.
      });
  };

  const serverErrors = useMemo<FieldError[]>(
    () =>
      nameTaken
        ? [...fieldErrors.filter((e) => e.field !== "name"), { field: "name", message: TEAM_NAME_TAKEN }]
        : fieldErrors,
    [fieldErrors, nameTaken],
  );

  return (
    <SchemaForm
      formId="forms/clinician-team.form.json"
      formData={team}
      submitLabel="Save team"
      serverErrors={serverErrors}
      onFieldBlur={onFieldBlur}
      submitting={saving}
      onSubmit={(body) => {
        setNameTaken(false);
        submit(body);
      }}
    >
      <Button variant="default" component={Link} to={settingsPaths.teams}>
        Cancel
      </Button>
    </SchemaForm>
  );
}
