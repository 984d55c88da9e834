import { Alert, Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../api/api-error.ts";
import { useEntityRecord } from "./entity-api.ts";
import type { EntityDefinition, StoredRecord } from "./entity-definition.ts";

export interface RecordLoaderProps<Row extends StoredRecord> {
  entity: EntityDefinition;
  /** The id from the address. One that is no positive whole number is not found, without asking. */
  id: string;
  /** The list to go back to when the record is not there. */
  backTo: { label: string; to: string };
  /** The page, given the loaded record and a way to ask the server for it again. */
  children: (record: Row, reload: () => Promise<Row | undefined>) => ReactNode;
}

/**
 * Loads the record named in the address and renders `children` with it; says so when it is
 * missing (a record out of the user's reach looks the same: no existence leak) or failed to load.
 */
export function RecordLoader<Row extends StoredRecord>({ entity, id, backTo, children }: RecordLoaderProps<Row>) {
  const valid = /^[1-9]\d*$/.test(id);
  const query = useEntityRecord<Row>(entity, id, valid);
  const missing =
    !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

  if (missing) {
    return (
      <Stack gap="sm" role="alert">
        <Title order={1}>{entity.notFound?.title ?? "Not found"}</Title>
        <Text>{entity.notFound?.text ?? query.error?.message ?? `There is no ${entity.noun} at this address.`}</Text>
        <Anchor component={Link} to={backTo.to}>
          {backTo.label}
        </Anchor>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={`Loading ${entity.noun}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="sm" role="alert">
        <Alert color="red" title={`The ${entity.noun} could not be loaded`}>
          {query.error.message}
        </Alert>
        <Anchor component={Link} to={backTo.to}>
          {backTo.label}
        </Anchor>
      </Stack>
    );
  }
  // A failed reload rejects (rather than answering the copy already held), so the page can say so.
  const reload = () => query.refetch({ throwOnError: true }).then((answer) => answer.data);
  return <>{children(query.data, reload)}</>;
}
