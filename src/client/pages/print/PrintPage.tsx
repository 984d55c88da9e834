import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { PdfReadiness } from "./PdfReadiness.tsx";
import "./print.css";

/**
 * The frame of a print page: no navigation, header or buttons, 180 mm wide (print.css), and the
 * readiness signal for the PDF renderer. Shows the loader until `loaded`, the error when there is one.
 */
export function PrintPage({
  label,
  loaded,
  error,
  children,
}: {
  /** What the page is, for the loader and assistive technology ("Session report"). */
  label: string;
  loaded: boolean;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <PdfReadiness loaded={loaded} error={error}>
      <main className="print-page" aria-label={label}>
        {error ? (
          <Alert color="red" title={`The ${label.toLowerCase()} could not be made`} role="alert">
            <Text size="sm">{error}</Text>
          </Alert>
        ) : loaded ? (
          <Stack gap="lg">{children}</Stack>
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label={`Loading ${label.toLowerCase()}`} />
          </Center>
        )}
      </main>
    </PdfReadiness>
  );
}
