import { Alert, List, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { ApiError } from "../../api/api-error.ts";
import { api } from "../../api/http.ts";
import { useSession } from "../../auth/useSession.ts";
import type { ListResponse } from "../../entities/entity-api.ts";
import { formatValue } from "../../renderers/format-value.ts";
import type { ChartOpen } from "../settings/audit-api.ts";

const ROLE_LABELS = new Map(
  enumOptions(schemaById(defaultBundle, "enums/role.json")).map((o) => [String(o.value), o.label]),
);
const roleWords = (roles: string) =>
  roles
    .split(",")
    .filter(Boolean)
    .map((r) => ROLE_LABELS.get(r) ?? r)
    .join(", ");

/**
 * "Opened by": who opened this chart lately, from the audit trail (issue 8 §2). Admins and the
 * chart's own clinicians see it; the server refuses everyone else, so the panel is only asked
 * for by users who may be one of them, and says nothing when refused.
 */
export function ChartOpenedBy({ patientId }: { patientId: number }) {
  const headingId = useId();
  const { can } = useSession();
  const mayAsk = can("audit.read", "patients.viewAssigned");
  const opens = useQuery({
    queryKey: ["entity", "patients", "opened-by", patientId],
    queryFn: ({ signal }) => api<ListResponse<ChartOpen>>(`patients/${patientId}/opened-by`, { signal }),
    enabled: mayAsk,
    retry: false,
    staleTime: 0,
    meta: { errorToast: false },
  });
  if (!mayAsk || opens.isPending || (opens.error instanceof ApiError && [403, 404].includes(opens.error.status)))
    return null;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Opened by
      </Title>
      {opens.isError ? (
        <Alert color="red" title="Who opened this chart could not be loaded">
          {opens.error.message}
        </Alert>
      ) : opens.data.rows.length === 0 ? (
        <Text size="sm">No one has opened this chart yet.</Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none">
          {opens.data.rows.map((open) => (
            <List.Item key={open.id}>
              <Text span fw={600} size="sm">
                {open.user_name}
              </Text>{" "}
              <Text span size="sm">
                ({roleWords(open.roles)}), {formatValue("datetime", open.at)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
