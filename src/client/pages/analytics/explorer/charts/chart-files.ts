import type { ChartFigure } from "../../../../renderers/chart-figure.ts";

/**
 * A chart's data table as CSV: the same headers and cells the table beside the chart shows
 * (RFC 4180 quoting, CRLF). A cell that a spreadsheet would read as a formula (=, +, -, @ first)
 * is prefixed with an apostrophe, unless it is a plain number (a negative mean change).
 */
export function chartCsv(table: ChartFigure["table"]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [table.headers, ...table.rows].map((row) => row.map(cell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** A file name from a chart's title and the query's hash: "score-over-time-3f2a9c0d1e2b4a5c.csv". */
export function chartFileName(title: string, hash: string, extension: "csv" | "png"): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "chart"}-${hash}.${extension}`;
}

/** Saves a blob or a data URL under a file name (a link clicked, then removed). */
export function saveFile(name: string, content: Blob | string): void {
  const url = typeof content === "string" ? content : URL.createObjectURL(content);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof content !== "string") setTimeout(() => URL.revokeObjectURL(url), 1000);
}
