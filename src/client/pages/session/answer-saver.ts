import type { AnswerValue } from "../../renderers/questions/question-types.ts";

export interface SaveCall {
  questionId: string;
  value: AnswerValue | null;
  seq: number;
  signal: AbortSignal;
}

export interface AnswerSaverOptions<Result> {
  send: (call: SaveCall) => Promise<Result>;
  /** The highest save number the server holds for the session (its lastSeq). */
  initialSeq: number;
  onSaved?: (questionId: string, result: Result) => void;
  onFailed?: (questionId: string, error: unknown) => void;
  /** Called whenever the number of saves waiting or under way changes. */
  onPendingChange?: (pending: number) => void;
  now?: () => number;
}

interface Pending {
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
  run?: () => void;
  done?: Promise<void>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === "AbortError"
    : (error as { name?: string })?.name === "AbortError";
}

/**
 * Saves answers one question at a time as the respondent goes (spec §4 Measure session):
 * - every save carries a save number (seq) higher than any before it, also across devices:
 *   max(last + 1, the clock in ms), starting from the server's lastSeq, so the server keeps the
 *   newest answer whatever order requests arrive in;
 * - a newer save of a question cancels the older one still pending for it: a waiting (typed)
 *   save is dropped, a request under way is aborted. The server's seq rule covers an aborted
 *   request that had already arrived.
 */
export class AnswerSaver<Result> {
  private seq: number;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly options: AnswerSaverOptions<Result>) {
    this.seq = options.initialSeq;
  }

  /** A save number higher than every one used before, by this device or (via lastSeq) another. */
  nextSeq(): number {
    const now = this.options.now?.() ?? Date.now();
    this.seq = Math.max(this.seq + 1, now);
    return this.seq;
  }

  /** The server reported a higher save number (another device): count on from there. */
  observeSeq(seq: number): void {
    if (seq > this.seq) this.seq = seq;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Saves an answer, after `delayMs` (typing) or at once; replaces any earlier save of it. */
  save(questionId: string, value: AnswerValue | null, delayMs = 0): void {
    this.cancel(questionId);
    const entry: Pending = {};
    entry.run = () => this.start(questionId, value, entry);
    this.pending.set(questionId, entry);
    if (delayMs > 0) entry.timer = setTimeout(entry.run, delayMs);
    else entry.run();
    this.changed();
  }

  /** Sends waiting saves now and resolves when every save under way has settled. */
  async flush(): Promise<void> {
    for (const entry of this.pending.values()) {
      if (entry.timer !== undefined) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.run?.();
      }
    }
    await Promise.all([...this.pending.values()].map((e) => e.done));
  }

  /** Drops the question's waiting save and aborts its request under way. */
  cancel(questionId: string): void {
    const entry = this.pending.get(questionId);
    if (!entry) return;
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.controller?.abort();
    this.pending.delete(questionId);
    this.changed();
  }

  /** Everything pending is dropped (a page save carries the answers instead, or the page closed). */
  cancelAll(): void {
    for (const id of [...this.pending.keys()]) this.cancel(id);
  }

  private start(questionId: string, value: AnswerValue | null, entry: Pending): void {
    entry.timer = undefined;
    const controller = new AbortController();
    entry.controller = controller;
    entry.done = this.options
      .send({ questionId, value, seq: this.nextSeq(), signal: controller.signal })
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          this.options.onSaved?.(questionId, result);
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          this.options.onFailed?.(questionId, error);
        },
      )
      .finally(() => {
        if (this.pending.get(questionId) === entry) {
          this.pending.delete(questionId);
          this.changed();
        }
      });
  }

  private changed(): void {
    this.options.onPendingChange?.(this.pending.size);
  }
}
