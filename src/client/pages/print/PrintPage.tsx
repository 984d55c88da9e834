import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { PdfReadiness } from "./PdfReadiness.tsx";
import "./print.css";

/**
 * The frame of a print page: no navigation, header or buttons, 180 mm wide (print.css), and the
 * readiness signal for the PDF renderer. Shows the loader until `loaded`, the error when there is one.
 * The document's title is `label`, so a saved PDF says what it is.
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
  // The tab's title is the PDF's Title (Chromium writes it into the file's metadata): the kind of
  // report, never who it is about.
  useEffect(() => {
    const before = document.title;
    document.title = label;
    return () => {
      document.title = before;
    };
  }, [label]);
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
