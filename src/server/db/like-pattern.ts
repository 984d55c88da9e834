/** `%` and `_` typed by a person are literal characters, not wildcards (use with `escape '\\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
