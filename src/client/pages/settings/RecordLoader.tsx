import { Alert, Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";

export interface RecordLoaderProps<Row> {
  query: UseQueryResult<Row>;
  /** "location", "clinical user": used in the loading and failure texts. */
  what: string;
  /** The list to go back to when the record is not there. */
  backTo: { label: string; to: string };
  children: (record: Row) => ReactNode;
}

/** Renders `children` with the loaded record; says so when it is missing or failed to load. */
export function RecordLoader<Row>({ query, what, backTo, children }: RecordLoaderProps<Row>) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack gap="sm" role="alert">
        {missing ? (
          <>
            <Title order={1}>Not found</Title>
            <Text>{query.error.message}</Text>
          </>
        ) : (
          <Alert color="red" title={`The ${what} could not be loaded`}>
            {query.error.message}
          </Alert>
        )}
        <Anchor component={Link} to={backTo.to}>
          {backTo.label}
        </Anchor>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
