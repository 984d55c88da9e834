import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { LOCATIONS, type LocationRecord, saveLocation } from "./locations-api.ts";
import { refreshAfterChange } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { useFormSave } from "./useFormSave.ts";

/** Add or edit a location (forms/location.form.json); the state list is the schema's state enum. */
export function LocationEditor({ location }: { location?: LocationRecord }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { submit, fieldErrors, saving } = useFormSave({
    save: (body) => saveLocation(location?.id, body),
    success: location ? "Location updated" : "Location added",
    failure: "The location could not be saved",
    onSaved: async () => {
      await refreshAfterChange(client, LOCATIONS, ["locations"]);
      navigate(settingsPaths.locations);
    },
  });
  return (
    <SchemaForm
      formId="forms/location.form.json"
      formData={location}
      submitLabel="Save location"
      serverErrors={fieldErrors}
      submitting={saving}
      onSubmit={submit}
    >
      <Button variant="default" component={Link} to={settingsPaths.locations}>
        Cancel
      </Button>
    </SchemaForm>
  );
}
