import type { ChartFigure } from "../../../../renderers/chart-figure.ts";
import { plotlyFigure } from "../../../../renderers/plotly-figure.ts";

interface PlotlyImage {
  toImage(figure: unknown, options: { format: "png"; width: number; height: number; scale?: number }): Promise<string>;
}

/**
 * The chart as a PNG data URL, drawn by the lazily loaded plotly (never with the first page)
 * from the same figure as the screen, with its title and caption written on it, so the picture
 * pasted into a board report says what it shows.
 */
export async function chartPng(figure: ChartFigure, caption: string): Promise<string> {
  const Plotly = (await import("plotly.js-basic-dist-min")).default as PlotlyImage;
  const width = 960;
  const height = 540;
  const { data, layout } = plotlyFigure(figure, height);
  const margin = layout.margin as Record<string, number>;
  const withText = {
    ...layout,
    width,
    height,
    title: { text: escapeText(figure.title), x: 0.02, xanchor: "left" },
    margin: { ...margin, t: 90, b: 110 },
    annotations: [
      ...layout.annotations,
      {
        xref: "paper",
        yref: "paper",
        x: 0,
        y: -0.28,
        xanchor: "left",
        yanchor: "top",
        align: "left",
        showarrow: false,
        text: wrap(escapeText(caption), 140),
        font: { size: 11, color: "#495057" },
      },
    ],
  };
  return Plotly.toImage({ data, layout: withText }, { format: "png", width, height, scale: 2 });
}

/** Plotly text does not wrap: break a caption into lines of at most `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("<br>");
}

/** Plotly reads a few HTML tags in text: a title or caption is shown as typed, never as markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
