import { afterEach, describe, expect, it, vi } from "vitest";
import { AnswerSaver, type SaveCall } from "../../../../src/client/pages/session/answer-saver.ts";

/** A send whose requests the test settles by hand, in any order. */
function controlledSend() {
  const calls: (SaveCall & { resolve: (v: unknown) => void; reject: (e: unknown) => void })[] = [];
  const send = (call: SaveCall) =>
    new Promise((resolve, reject) => {
      calls.push({ ...call, resolve, reject });
    });
  return { calls, send };
}

afterEach(() => vi.useRealTimers());

describe("AnswerSaver", () => {
  it("a newer save of a question aborts the older one still under way; only the newer result counts", async () => {
    const { calls, send } = controlledSend();
    const saved: unknown[] = [];
    const saver = new AnswerSaver({ send, initialSeq: 0, now: () => 0, onSaved: (id, r) => saved.push([id, r]) });
    saver.save("q1", 1);
    saver.save("q1", 2);
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
    expect(calls[1].seq).toBeGreaterThan(calls[0].seq);
    // The aborted request's answer arrives anyway (it reached the server): it is ignored.
    calls[0].resolve("old");
    calls[1].resolve("new");
    await saver.flush();
    expect(saved).toEqual([["q1", "new"]]);
    expect(saver.pendingCount).toBe(0);
  });

  it("saves of different questions do not cancel each other", () => {
    const { calls, send } = controlledSend();
    const saver = new AnswerSaver({ send, initialSeq: 0 });
    saver.save("q1", 1);
    saver.save("q2", 0);
    expect(calls.map((c) => [c.questionId, c.signal.aborted])).toEqual([
      ["q1", false],
      ["q2", false],
    ]);
    expect(saver.pendingCount).toBe(2);
  });

  it("typed answers wait; a newer keystroke replaces the waiting save, flush sends it at once", async () => {
    vi.useFakeTimers();
    const { calls, send } = controlledSend();
    const saver = new AnswerSaver({ send, initialSeq: 0 });
    saver.save("t1", "N", 700);
    saver.save("t1", "Nu", 700);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(699);
    saver.save("t1", "Nurse", 700);
    vi.advanceTimersByTime(700);
    expect(calls.map((c) => c.value)).toEqual(["Nurse"]);
    saver.save("t1", "Nurses", 700);
    expect(calls[0].signal.aborted).toBe(true);
    const flushed = saver.flush();
    expect(calls.map((c) => c.value)).toEqual(["Nurse", "Nurses"]);
    calls[1].resolve({});
    await flushed;
  });

  it("save numbers count on from the server's lastSeq and never go back, also against the clock", () => {
    const { calls, send } = controlledSend();
    let clock = 1_000;
    const saver = new AnswerSaver({ send, initialSeq: 5_000, now: () => clock });
    saver.save("q1", 1);
    expect(calls[0].seq).toBe(5_001);
    clock = 9_000;
    saver.save("q2", 1);
    expect(calls[1].seq).toBe(9_000);
    clock = 2_000; // a clock set back
    saver.save("q3", 1);
    expect(calls[2].seq).toBe(9_001);
    saver.observeSeq(20_000); // another device saved meanwhile
    expect(saver.nextSeq()).toBe(20_001);
  });

  it("reports failures, but not the aborts it caused itself", async () => {
    const failures: unknown[] = [];
    const send = vi.fn(async (call: SaveCall) => {
      if (call.value === "boom") throw new Error("network down");
      await new Promise((_, reject) =>
        call.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    });
    const saver = new AnswerSaver({
      send,
      initialSeq: 0,
      onFailed: (id, e) => failures.push([id, (e as Error).message]),
    });
    saver.save("q1", "first");
    saver.save("q1", "boom");
    await saver.flush();
    expect(failures).toEqual([["q1", "network down"]]);
  });
});
