import Plotly from "plotly.js-basic-dist-min";
import createPlotlyComponent from "react-plotly.js/factory";
import { type ChartFigure, plotlyAxisType } from "./chart-figure.ts";

// The basic plotly bundle (scatter, bar, pie) is enough for our charts and a fraction of the full one.
const Plot = createPlotlyComponent(Plotly);

/** The plotly half of SchemaChart; loaded on demand so plotly never weighs on the first page. */
export default function PlotlyChart({ figure, height }: { figure: ChartFigure; height: number }) {
  const data = figure.series.map((s) =>
    figure.type === "bar"
      ? { type: "bar", name: s.name, x: s.x, y: s.y }
      : { type: "scatter", mode: "lines+markers", name: s.name, x: s.x, y: s.y },
  );
  return (
    <Plot
      data={data}
      layout={{
        autosize: true,
        height,
        margin: { l: 56, r: 16, t: 16, b: 48 },
        showlegend: figure.series.length > 1,
        xaxis: { title: { text: figure.xTitle }, type: plotlyAxisType(figure.xKind), automargin: true },
        yaxis: { title: { text: figure.yTitle }, automargin: true, rangemode: "tozero" },
      }}
      // No mode bar: the chart is hidden from assistive technology (its numbers are the table
      // beside it), so it must hold nothing focusable, and the bar's buttons are links.
      config={{ displaylogo: false, displayModeBar: false, responsive: true }}
      useResizeHandler
      style={{ width: "100%" }}
    />
  );
}
