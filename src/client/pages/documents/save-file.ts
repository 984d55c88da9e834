/**
 * Hands a downloaded file to the browser to save, as a link with `download` would: the file was
 * fetched with the bearer token (a plain link could not send it), so it is saved from an object URL.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** "PHQ-9 session report, Jordan Rivera.pdf" from a title: no characters a file system refuses. */
export function pdfFilename(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, " ")
    // \s also takes line breaks and tabs, the control characters a title might hold.
    .replace(/\s+/g, " ")
    .trim();
  return `${safe || "report"}.pdf`;
}
