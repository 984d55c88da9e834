import { Badge, VisuallyHidden } from "@mantine/core";
import { useActiveAlertCount } from "./alert-api.ts";

/** The navigation's count of active alerts over every chart the user may see; nothing when none. */
export function ActiveAlertsBadge() {
  const count = useActiveAlertCount();
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <Badge color="red" variant="filled" size="sm" circle={n < 10}>
      {n}
      <VisuallyHidden> active</VisuallyHidden>
    </Badge>
  );
}
