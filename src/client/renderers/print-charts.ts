import { createContext, useCallback, useContext, useLayoutEffect, useRef } from "react";

/** A chart waiting to be drawn on a print page. */
export interface PendingChart {
  drawn(): void;
  dispose(): void;
}

/**
 * Present on print pages (pages/print/): charts there are static pictures (no mode bar, no hover,
 * no animation, no clicks) and say when they have been drawn, so the PDF renderer waits for them.
 * Null everywhere else.
 */
export interface PrintCharts {
  register(): PendingChart;
}

export const PrintChartsContext = createContext<PrintCharts | null>(null);

/** True on a print page. */
export function useInPrint(): boolean {
  return useContext(PrintChartsContext) !== null;
}

/**
 * On a print page, counts this chart as pending from its first render (a layout effect: before the
 * page checks whether everything is drawn) until the returned callback says it has been drawn.
 * Outside print pages it does nothing.
 */
export function useChartDrawn(willDraw: boolean): () => void {
  const print = useContext(PrintChartsContext);
  const pending = useRef<PendingChart | null>(null);
  useLayoutEffect(() => {
    if (!print || !willDraw) return;
    const chart = print.register();
    pending.current = chart;
    return () => {
      chart.dispose();
      pending.current = null;
    };
  }, [print, willDraw]);
  return useCallback(() => pending.current?.drawn(), []);
}
