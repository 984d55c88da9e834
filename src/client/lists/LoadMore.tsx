import { Button, Group, Text } from "@mantine/core";

/**
 * "Load more" under a list that grows by cursor (Home's worklists, program patients), with how
 * many are shown of how many: the keyboard and screen-reader way to the next page. Nothing when
 * no page is left.
 */
export function LoadMore(props: { more: boolean; loading: boolean; shown: number; total: number; onMore: () => void }) {
  if (!props.more) return null;
  return (
    <Group justify="center" mt="sm">
      <Button variant="default" loading={props.loading} onClick={props.onMore}>
        Load more
      </Button>
      <Text size="sm" c="dimmed">
        {props.shown.toLocaleString("en-US")} of {props.total.toLocaleString("en-US")} shown
      </Text>
    </Group>
  );
}
