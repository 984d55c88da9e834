import { Badge, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { type PatientStatusAction, PatientStatusDialog } from "./PatientStatusDialog.tsx";

/**
 * The patient's status on the chart, in words, with the action that changes it for those who
 * may write on charts (issue 10 §6): Deactivate while active, Reactivate while inactive.
 */
export function PatientStatus(props: { patientId: number; patientName: string; active: boolean; canWrite: boolean }) {
  const { patientId, patientName, active, canWrite } = props;
  const [opened, setOpened] = useState(false);
  const action: PatientStatusAction = active ? "deactivate" : "activate";
  return (
    <Group gap="sm" aria-label="Patient status" role="group">
      <Text size="sm">Status</Text>
      <Badge variant="light" color={active ? "teal" : "gray"}>
        {active ? "Active" : "Inactive"}
      </Badge>
      {canWrite && (
        <Button variant="subtle" size="xs" color={active ? "red" : undefined} onClick={() => setOpened(true)}>
          {active ? "Deactivate patient" : "Reactivate patient"}
        </Button>
      )}
      <PatientStatusDialog
        opened={opened}
        onClose={() => setOpened(false)}
        patientId={patientId}
        patientName={patientName}
        action={action}
      />
    </Group>
  );
}
