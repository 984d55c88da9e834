import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { toastError } from "../../notifications/toast.ts";
import { handDeviceTo } from "../session/login-as/login-as-api.ts";

/**
 * "Hand device to <respondent>" (issue 10 §5): in the clinic, the respondent answers their open
 * measures on this device. Shown to those who may write on the chart; the dialog says what the
 * respondent will see and that taking the device back needs the clinician's password.
 */
export function HandDeviceButton({ ccauId, name }: { ccauId: number; name: string }) {
  const { can } = useSession();
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  if (!can("patients.write")) return null;

  async function handOver() {
    setPending(true);
    try {
      await handDeviceTo(ccauId);
      navigate("/session", { replace: true });
    } catch (error) {
      setPending(false);
      toastError(error, "The device could not be handed over");
    }
  }

  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>
        Hand device to {name}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Hand device to ${name}`} centered>
        <Stack gap="md">
          <Text>The device will show only the questionnaires {name} has open, and nothing else of the app.</Text>
          <Text size="sm" c="dimmed">
            You are signed out of this device meanwhile. To take it back, choose “Return to clinician” and enter your
            password.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={pending} onClick={handOver}>
              Hand over
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
