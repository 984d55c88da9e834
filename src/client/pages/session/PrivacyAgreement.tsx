import { Alert, Button, Checkbox, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { useGeneralSettings } from "../../settings/useGeneralSettings.ts";
import { setAgreementAccepted } from "./agreement-state.ts";
import { acceptAgreement } from "./session-api.ts";

const MUST_ACCEPT = "You must accept the privacy agreement to continue.";

/** The privacy agreement a respondent accepts once before answering (POST questionnaires/hippa-agreement). */
export function PrivacyAgreement() {
  const settings = useGeneralSettings();
  const clinic = settings.customer_name || "your clinic";
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function accept() {
    if (!checked) {
      setError(MUST_ACCEPT);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await acceptAgreement();
      setAgreementAccepted(true);
    } catch (failure) {
      setError(errorText(failure));
      setSaving(false);
    }
  }

  return (
    <Stack maw={680} mx="auto" gap="md">
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        Privacy agreement
      </Title>
      <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md">
        <Stack gap="sm">
          <Text>
            Before you answer questionnaires, please read how {clinic} uses your answers. Your answers are protected
            health information.
          </Text>
          <List spacing="xs">
            <List.Item>
              Your answers are shared only with the care team treating you and are kept in your record.
            </List.Item>
            <List.Item>
              Your care team uses them to follow how you are doing. Some answers, such as thoughts of harming yourself,
              are brought to a clinician's attention.
            </List.Item>
            <List.Item>
              The questionnaires are not an emergency service. If you are in danger or thinking about harming yourself,
              call your local emergency number now.
            </List.Item>
            <List.Item>You can ask your clinic to see or correct what you have answered.</List.Item>
          </List>
        </Stack>
      </Paper>
      <Checkbox
        label="I have read and accept the privacy agreement"
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          if (event.currentTarget.checked) setError(null);
        }}
        error={error === MUST_ACCEPT ? error : undefined}
      />
      {error && error !== MUST_ACCEPT && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <div>
        <Button onClick={accept} loading={saving}>
          Continue
        </Button>
      </div>
    </Stack>
  );
}
