import { Button } from "@mantine/core";
import { useState } from "react";
import { AcknowledgeDialog } from "./AcknowledgeDialog.tsx";

/** Opens the acknowledge dialog of one alert (spec §4 Alert: active, then acknowledged). */
export function AcknowledgeButton({ alertId, subject }: { alertId: number; subject: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        color="red.9"
        variant="white"
        onClick={() => setOpened(true)}
        aria-label={`Acknowledge alert: ${subject}`}
      >
        Acknowledge
      </Button>
      <AcknowledgeDialog alertId={alertId} subject={subject} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
