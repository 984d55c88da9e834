import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { keepAlive, logout } from "../auth/session-actions.ts";
import { toastInfo } from "../notifications/toast.ts";
import { useGeneralSettings } from "../settings/useGeneralSettings.ts";
import { inactivityConfig } from "./inactivity-timer.ts";
import { useInactivity } from "./useInactivity.ts";

/**
 * The countdown prompt of spec §4, mounted while someone is signed in. At zero (or when the tab
 * wakes up past the deadline) the user is signed out and sent to the login page.
 */
export function InactivityPrompt() {
  const settings = useGeneralSettings();
  const navigate = useNavigate();
  const config = inactivityConfig(settings.session_configuration);
  const { phase, stay } = useInactivity(config, {
    onExpire: () => {
      void logout("inactivity");
      navigate("/security/login", { replace: true });
      toastInfo("You were signed out because you were inactive.", undefined, "signed-out-inactive");
    },
    onKeepAlive: () => {
      keepAlive().catch(() => {
        // A failed keep-alive is not fatal: the next call renews, or signs out when it cannot.
      });
    },
  });
  const secondsLeft = phase.kind === "warning" ? phase.secondsLeft : 0;

  return (
    <Modal opened={phase.kind === "warning"} onClose={stay} title="Are you still there?" centered>
      <Text>{`You will be signed out in ${secondsLeft} ${secondsLeft === 1 ? "second" : "seconds"}`}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={stay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
