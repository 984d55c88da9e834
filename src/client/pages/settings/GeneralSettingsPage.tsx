import { Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { GeneralSettings } from "../../../../generated/types/api/general-settings.ts";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import { api } from "../../api/http.ts";
import { RecordForm } from "../../entities/RecordForm.tsx";
import { VERSION_FIELD } from "../../renderers/form-definition.ts";
import { GENERAL_SETTINGS_KEY } from "../../settings/useGeneralSettings.ts";

const FORM_ID = "forms/general-settings.form.json";
const UPDATE_ID = "api/general-settings-update.json";

/**
 * What the admin may change, cut from the whole settings: the update's own fields, and of the
 * session configuration only the stored keys (secondsToShow is derived on the server). The
 * version is no setting: the form sends the one it started from.
 */
export function adminOwnedSettings(settings: GeneralSettings): Record<string, unknown> {
  const properties = schemaById(defaultBundle, UPDATE_ID).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(properties)) {
    const value = (settings as Record<string, unknown>)[field];
    if (value === undefined || field === VERSION_FIELD) continue;
    if (property.properties && value && typeof value === "object") {
      const keys = Object.keys(property.properties);
      out[field] = Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
    } else {
      out[field] = value;
    }
  }
  return out;
}

type StoredSettings = GeneralSettings & { version?: number };

/**
 * /settings/general: the deployment settings an admin owns (PUT settings/general). Like every
 * record, the settings carry a version: a save names the one it started from, and when another
 * admin saved first the form offers to reload.
 */
export function GeneralSettingsPage() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: GENERAL_SETTINGS_KEY,
    queryFn: () => api<StoredSettings>("settings/general"),
    // The form must start from the latest version, not from what another page cached.
    staleTime: 0,
  });
  const reload = () => query.refetch({ throwOnError: true }).then((answer) => answer.data);

  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>General settings</Title>
        <Text c="dimmed" size="sm">
          These apply to everyone who uses this clinic's site.
        </Text>
      </div>
      {query.data ? (
        <RecordForm<StoredSettings>
          formId={FORM_ID}
          record={query.data}
          startFrom={adminOwnedSettings}
          save={(body) => api<StoredSettings>("settings/general", { method: "PUT", body })}
          reload={reload}
          submitLabel="Save settings"
          success="Settings saved"
          failure="The settings could not be saved"
          // Every screen reads the new settings at once (clinic name, inactivity sign-out).
          onSaved={(saved) => {
            client.setQueryData(GENERAL_SETTINGS_KEY, saved);
          }}
        />
      ) : query.isError ? (
        <Text c="red">{query.error.message}</Text>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label="Loading settings" />
        </Center>
      )}
    </Stack>
  );
}
