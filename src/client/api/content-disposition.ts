/**
 * The file name a Content-Disposition header gives (RFC 6266): the UTF-8 `filename*` when present
 * (names with accents), else the plain `filename`. Null when there is none. Any path in the name
 * is dropped: the server names a file, never where to put it.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return baseName(decodeURIComponent(extended.trim().replace(/^"|"$/g, "")));
    } catch {
      // A badly encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain[1].trim();
  return name ? baseName(name) : null;
}

function baseName(name: string): string | null {
  const last = name.split(/[\\/]/).pop()?.trim();
  return last || null;
}
