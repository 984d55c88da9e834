import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { QueryClient } from "@tanstack/react-query";
import type { AcknowledgedAlert } from "../../../shared/api/alerts.ts";
import { api } from "../../api/http.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";

/** How long the "Undo" stays on screen; the server allows its author a little longer (30 s). */
export const UNDO_VISIBLE_MS = 10_000;

/** Every place an alert's state shows: alert lists and counts, session reports, the chart. */
export function refreshAlerts(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ["alerts"] });
  void client.invalidateQueries({ queryKey: ["session-report"] });
  void client.invalidateQueries({ queryKey: ["chart-measures"] });
}

/**
 * Confirms an acknowledgement with an "Undo" for 10 seconds. The toast lives outside the page,
 * so it is given the query client rather than using hooks.
 */
export function showAcknowledgedWithUndo(client: QueryClient, alertId: number): void {
  const id = `alert-acknowledged-${alertId}`;
  const undo = async () => {
    notifications.hide(id);
    try {
      await api<AcknowledgedAlert>(`measure-alerts/unacknowledge/${alertId}`, { method: "POST" });
      toastSuccess("The alert is active again");
    } catch (error) {
      toastError(error, "The acknowledgement could not be undone");
    }
    refreshAlerts(client);
  };
  notifications.show({
    id,
    color: "teal",
    autoClose: UNDO_VISIBLE_MS,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">Alert acknowledged</Text>
        <Button size="xs" variant="outline" color="dark" onClick={() => void undo()}>
          Undo
        </Button>
      </Group>
    ),
  });
}
