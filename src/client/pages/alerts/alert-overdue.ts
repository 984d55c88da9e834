/**
 * "26 hours", "3 days": how long an overdue alert has waited since it was raised. Whole hours
 * up to two days, whole days after; the server decides whether it is overdue at all.
 */
export function waitedFor(raisedAt: string, now: Date = new Date()): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(raisedAt).getTime()) / 3_600_000));
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** The line an overdue alert shows under its message. */
export function overdueText(raisedAt: string | null | undefined, now: Date = new Date()): string {
  return raisedAt ? `Overdue: not acknowledged ${waitedFor(raisedAt, now)} after it was raised` : "Overdue";
}
