import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { type ListResponse, useServerList } from "../../entities/entity-api.ts";
import { PAGE_SIZE } from "../../entities/list-state.ts";
import { OutboxMessageCard } from "./OutboxMessageCard.tsx";
import { OUTBOX, type OutboxMessage } from "./outbox-api.ts";

/**
 * /settings/outbox (admins, issue 3 §4): the messages the system sent or kept, newest first, to
 * see what went to whom and why. The links and codes in them are masked by the server (issue 8
 * §4): an admin who could open someone's setup or reset link could become that person.
 */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1);
  const list = useServerList<ListResponse<OutboxMessage>>(OUTBOX, "outbox", { page, pageSize: PAGE_SIZE });
  const total = list.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Outbox</Title>
        <Button variant="default" onClick={() => list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      </Group>
      <Alert color="yellow" title="Messages kept because no mail server is configured">
        <Stack gap={6}>
          <Text size="sm">
            When this server has no mail server (SMTP_URL) or text message provider, as in the demo, invitations,
            password resets and access codes are not sent. They are kept here instead, so you can see what would have
            gone to whom.
          </Text>
          <Text size="sm">
            The links and codes in them are hidden: they let the person they were written to sign in, so only that
            person may receive them. Configure a mail server or text message provider to deliver them.
          </Text>
        </Stack>
      </Alert>
      {list.isError && (
        <Alert color="red" title="The outbox could not be loaded">
          {list.error.message}
        </Alert>
      )}
      {list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading messages" />
        </Center>
      ) : (
        <Stack gap="sm" aria-label="Messages" component="section">
          {list.data?.rows.length === 0 && <Text c="dimmed">No messages yet.</Text>}
          {list.data?.rows.map((message) => (
            <OutboxMessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? `${total} ${total === 1 ? "message" : "messages"}` : ""}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) }, { replace: true })}
            size="sm"
            getControlProps={(control) => ({ "aria-label": `${control} page` })}
          />
        )}
      </Group>
    </Stack>
  );
}
