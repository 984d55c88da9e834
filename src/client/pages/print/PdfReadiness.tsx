import { type ReactNode, useEffect, useMemo, useReducer, useRef } from "react";
import { type PrintCharts, PrintChartsContext } from "../../renderers/print-charts.ts";

/**
 * The signal the PDF renderer waits for (issue 14): `<html data-pdf-ready="true">` once the page's
 * data has loaded and every chart on it has been drawn, or `<html data-pdf-error="…">` when
 * something could not be loaded. Charts register themselves (print-charts.ts) in a layout effect,
 * before this check runs in the same commit, so a chart that has not been drawn yet is never missed.
 */
export function PdfReadiness({
  loaded,
  error,
  children,
}: {
  /** Every query of the page has its data. */
  loaded: boolean;
  /** Why the page cannot be shown, when it cannot. */
  error?: string | null;
  children: ReactNode;
}) {
  // A set, not state: registrations must be visible to the check of the very commit that made them.
  const pending = useRef(new Set<number>());
  const [drawnCount, chartChanged] = useReducer((n: number) => n + 1, 0);
  const charts = useMemo<PrintCharts>(() => {
    let next = 0;
    return {
      register() {
        const id = next++;
        pending.current.add(id);
        const settle = () => {
          if (pending.current.delete(id)) chartChanged();
        };
        return { drawn: settle, dispose: settle };
      },
    };
  }, []);

  useEffect(() => {
    void drawnCount; // the check runs again whenever a chart settles
    const flags = document.documentElement.dataset;
    if (error) {
      delete flags.pdfReady;
      flags.pdfError = error;
      return;
    }
    delete flags.pdfError;
    if (!loaded || pending.current.size > 0) return;
    let current = true;
    // Text drawn in a fallback font would reflow once the real one arrives: wait for it too.
    const fonts = typeof document.fonts?.ready?.then === "function" ? document.fonts.ready : Promise.resolve();
    void fonts.then(() => {
      if (current && pending.current.size === 0) flags.pdfReady = "true";
    });
    return () => {
      current = false;
    };
  }, [loaded, error, drawnCount]);

  useEffect(
    () => () => {
      const flags = document.documentElement.dataset;
      delete flags.pdfReady;
      delete flags.pdfError;
    },
    [],
  );

  return <PrintChartsContext.Provider value={charts}>{children}</PrintChartsContext.Provider>;
}

/** Sets the error signal for a page that has nothing to render (a refused pdf-key, a session not found). */
export function usePdfError(error: string): void {
  useEffect(() => {
    const flags = document.documentElement.dataset;
    delete flags.pdfReady;
    flags.pdfError = error;
    return () => {
      delete flags.pdfError;
    };
  }, [error]);
}
