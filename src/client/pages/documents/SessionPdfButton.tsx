import { Button } from "@mantine/core";
import { PdfRequestPanel } from "./PdfRequestPanel.tsx";

/** "Download PDF" on a session report: the report made into a PDF by the server (issue 14 §3). */
export function SessionPdfButton({ clientMeasureId }: { clientMeasureId: number }) {
  return (
    <PdfRequestPanel>
      {({ ask, disabled }) => (
        <Button
          variant="default"
          size="xs"
          disabled={disabled}
          onClick={() => ask((paper) => ({ report: "session", clientMeasureId, paper }))}
        >
          Download PDF
        </Button>
      )}
    </PdfRequestPanel>
  );
}
