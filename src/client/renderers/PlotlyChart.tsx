import Plotly from "plotly.js-basic-dist-min";
import { useMemo } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import type { ChartFigure } from "./chart-figure.ts";
import { plotlyFigure } from "./plotly-figure.ts";

// The basic plotly bundle (scatter, bar, pie) is enough for our charts and a fraction of the full one.
const Plot = createPlotlyComponent(Plotly);

/**
 * A picture for paper (print pages): no hover, no mode bar, no animation, drawn once at the width
 * the page gives it (no resizing afterwards).
 */
const STATIC_CONFIG = { displaylogo: false, displayModeBar: false, responsive: false, staticPlot: true };

/** The plotly half of SchemaChart; loaded on demand so plotly never weighs on the first page. */
export default function PlotlyChart({
  figure,
  height,
  onPointClick,
  printed = false,
  onDrawn,
}: {
  figure: ChartFigure;
  height: number;
  /** A click on a point, with the index of the row it draws (plotly-figure.ts customdata). */
  onPointClick?: (rowIndex: number) => void;
  /** Drawn for print (a print page): static, see STATIC_CONFIG. */
  printed?: boolean;
  /** Called once the chart has been drawn (Plotly's initialisation resolved). */
  onDrawn?: () => void;
}) {
  const { data, layout } = useMemo(() => plotlyFigure(figure, height), [figure, height]);
  if (printed) {
    return (
      <Plot
        data={data}
        layout={{ ...layout, hovermode: false, transition: { duration: 0 } }}
        config={STATIC_CONFIG}
        style={{ width: "100%" }}
        onInitialized={onDrawn}
      />
    );
  }
  return (
    <Plot
      data={data}
      layout={layout}
      // No mode bar: no one-click PNG of a patient's scores, and the chart is hidden from assistive
      // technology (its numbers are the table beside it), so it must hold nothing focusable.
      config={{ displaylogo: false, displayModeBar: false, responsive: true, staticPlot: false }}
      useResizeHandler
      style={{ width: "100%", cursor: onPointClick ? "pointer" : undefined }}
      onInitialized={onDrawn}
      onClick={(event: { points?: { customdata?: unknown }[] }) => {
        const row = event.points?.[0]?.customdata;
        if (onPointClick && typeof row === "number") onPointClick(row);
      }}
    />
  );
}
