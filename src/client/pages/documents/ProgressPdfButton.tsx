import { Button, Menu } from "@mantine/core";
import { PdfRequestPanel } from "./PdfRequestPanel.tsx";

/**
 * "Progress report PDF" beside a respondent's progress on the chart (issue 14 §3): this
 * respondent's scores over time, or the whole chart's (every respondent).
 */
export function ProgressPdfButton({ ccaId, ccauId }: { ccaId: number; ccauId: number }) {
  return (
    <PdfRequestPanel>
      {({ ask, disabled }) => (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" disabled={disabled}>
              Progress report PDF
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => ask((paper) => ({ report: "progress", ccaId, ccauId, paper }))}>
              This respondent
            </Menu.Item>
            <Menu.Item onClick={() => ask((paper) => ({ report: "progress", ccaId, paper }))}>Whole chart</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </PdfRequestPanel>
  );
}
