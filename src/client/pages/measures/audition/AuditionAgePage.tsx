import { Button, Group, Paper, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { defaultBundle } from "../../../../shared/schema/bundle.ts";
import { SchemaValidator } from "../../../../shared/validation/validator.ts";
import { ApiError } from "../../../api/api-error.ts";
import { errorText } from "../../../api/error-text.ts";
import { measurePaths } from "../measure-paths.ts";
import { startAudition } from "./audition-api.ts";
import { useAudition } from "./audition-state.ts";

// The server's own rule (api/audition-start.json): 'Age is required' / 'Age is not valid'.
const validator = new SchemaValidator(defaultBundle);

/** The preview's first step: the age of the respondent the clinician plays (required, numeric). */
export function AuditionAgePage() {
  const { state, update } = useAudition();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(state.start ? String(state.start.age) : "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function begin() {
    const text = typed.trim();
    const body = text === "" ? {} : { age: /^\d+$/.test(text) ? Number(text) : text };
    const checked = validator.validate<{ age: number }>("api/audition-start.json", body);
    if (!checked.ok) {
      setError(checked.errors[0]?.message ?? "Age is not valid");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const start = await startAudition(state.measureId, checked.value.age);
      update({ start, answers: {}, report: null, pageIndex: 0 });
      navigate(measurePaths.auditionQuestionnaire(state.measureId));
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === "age") : undefined;
      setError(field?.message ?? errorText(failure));
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" maw={420}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void begin();
        }}
      >
        <TextInput
          label="Age"
          description="The respondent's age in years"
          inputMode="numeric"
          required
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setError(null);
          }}
          maw={200}
        />
        <Group mt="md">
          <Button type="submit" loading={busy}>
            Start preview
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
