import { onlyDigits } from "../../shared/validation/digits.ts";

/**
 * Mobile numbers are stored as digits and shown as (xxx) xxx-xxxx (spec §5). Digits past the
 * tenth stay visible (not cut off) so the "too long" message can explain them.
 */
export function phoneDigits(text: string): string {
  return onlyDigits(text);
}

export function formatPhone(digits: string): string {
  const d = phoneDigits(digits);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  const masked = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
  return d.length > 10 ? `${masked} ${d.slice(10)}` : masked;
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits sit to its left. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return formatted.startsWith("(") && formatted.length > 1 ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i])) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
