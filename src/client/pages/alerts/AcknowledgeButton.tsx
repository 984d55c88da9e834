import { Button } from "@mantine/core";
import { useAcknowledgeAlert } from "./alert-api.ts";

/** Acknowledges one alert (spec §4 Alert: active, then acknowledged). */
export function AcknowledgeButton({ alertId, subject }: { alertId: number; subject: string }) {
  const acknowledge = useAcknowledgeAlert();
  return (
    <Button
      size="xs"
      color="red.9"
      variant="white"
      loading={acknowledge.isPending && acknowledge.variables === alertId}
      onClick={() => acknowledge.mutate(alertId)}
      aria-label={`Acknowledge alert: ${subject}`}
    >
      Acknowledge
    </Button>
  );
}
