import { Alert, Anchor, Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { setAgreementAccepted } from "./agreement-state.ts";
import { QuestionnairePage } from "./QuestionnairePage.tsx";
import { isAgreementRequired, useSessionPage } from "./session-api.ts";
import { sessionPaths } from "./session-paths.ts";

const ID = /^[1-9]\d{0,15}$/;
const PAGE_ID = /^[a-z][a-z0-9_]{0,39}$/;

/** /session/measure/:clientMeasureId/page/:pageId: loads the page with the answers so far. */
export function SessionMeasurePage() {
  const { clientMeasureId = "", pageId = "" } = useParams();
  const valid = ID.test(clientMeasureId) && PAGE_ID.test(pageId);
  const page = useSessionPage(valid ? clientMeasureId : "0", valid ? pageId : "p");
  const agreementMissing = isAgreementRequired(page.error);
  useEffect(() => {
    if (agreementMissing) setAgreementAccepted(false);
  }, [agreementMissing]);

  if (!valid || (page.error instanceof ApiError && page.error.status === 404)) return <NotAvailable />;
  if (page.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the questionnaire" />
      </Center>
    );
  }
  if (page.isError) {
    return (
      <Alert color="red" title="The questionnaire could not be loaded" maw={720} mx="auto">
        {errorText(page.error)}
      </Alert>
    );
  }
  // A new page (Next, Back) starts afresh from what the server holds.
  return <QuestionnairePage key={`${clientMeasureId}/${pageId}`} page={page.data} />;
}

function NotAvailable() {
  return (
    <Stack maw={720} mx="auto">
      <Alert color="yellow" title="This questionnaire is not available">
        <Text size="sm">It may have been removed, or the link is not right.</Text>
        <Anchor component={Link} to={sessionPaths.list} size="sm" mt="xs" display="inline-block">
          Back to your questionnaires
        </Anchor>
      </Alert>
    </Stack>
  );
}
