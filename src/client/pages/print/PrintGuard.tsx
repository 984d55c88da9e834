import { Alert, Text } from "@mantine/core";
import { pdfSignIn } from "../../auth/pdf-sign-in.ts";
import { useSession } from "../../auth/useSession.ts";
import { RequireAuth } from "../../guards/RequireAuth.tsx";
import { usePdfError } from "./PdfReadiness.tsx";

/**
 * The print pages' guard. A tab opened with a pdf-key (the PDF renderer) that is not signed in
 * says why, and signals the error, rather than going to the login page: a renderer would wait
 * there for a readiness signal that never comes. Anyone else goes through RequireAuth as on every
 * protected page (a clinician opening the print view signs in and comes back).
 */
export function PrintGuard() {
  const { status } = useSession();
  const signIn = pdfSignIn();
  if (signIn.status === "failed") return <PrintFailure message={signIn.message} />;
  if (signIn.status === "signed-in" && status === "anonymous") {
    return <PrintFailure message="The PDF session has ended before the page was ready." />;
  }
  return <RequireAuth />;
}

function PrintFailure({ message }: { message: string }) {
  usePdfError(message);
  return (
    <main className="print-page">
      <Alert color="red" title="No report to show" role="alert">
        <Text size="sm">{message}</Text>
      </Alert>
    </main>
  );
}
