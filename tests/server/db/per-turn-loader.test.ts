import { describe, expect, it } from "vitest";
import { perTurnLoader } from "../../../src/server/db/per-turn-loader.ts";

/** A loader that records each call's keys and answers "value of <key>". */
function recordingLoader(maxBatchSize = 100) {
  const calls: string[][] = [];
  const load = perTurnLoader<string, string>(
    async (keys) => {
      calls.push([...keys]);
      return keys.map((key) => `value of ${key}`);
    },
    { maxBatchSize },
  );
  return { calls, load };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("per-turn loader", () => {
  it("answers every key asked in one turn with one load of the distinct keys", async () => {
    const { calls, load } = recordingLoader();
    const answers = await Promise.all(["a", "b", "a", "c"].map((key) => load(key)));
    expect(answers).toEqual(["value of a", "value of b", "value of a", "value of c"]);
    expect(calls).toEqual([["a", "b", "c"]]);
  });

  it("reads a key asked after a load was sent afresh, in a load of its own", async () => {
    const { calls, load } = recordingLoader();
    const first = load("a");
    await nextTurn();
    const second = load("a");
    expect(await Promise.all([first, second])).toEqual(["value of a", "value of a"]);
    expect(calls).toEqual([["a"], ["a"]]);
  });

  it("never remembers an answer between turns", async () => {
    let version = 0;
    const load = perTurnLoader<string, string>(async (keys) => keys.map((key) => `${key}@${version}`), {
      maxBatchSize: 10,
    });
    expect(await load("a")).toBe("a@0");
    version = 1;
    expect(await load("a")).toBe("a@1");
  });

  it("splits a large turn into loads of at most maxBatchSize keys", async () => {
    const { calls, load } = recordingLoader(2);
    await Promise.all(["a", "b", "c", "d", "e"].map((key) => load(key)));
    expect(calls).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("fails every caller of a failed load, and the next turn loads again", async () => {
    let fail = true;
    const load = perTurnLoader<string, string>(
      async (keys) => {
        if (fail) throw new Error("database gone");
        return keys.map((key) => key.toUpperCase());
      },
      { maxBatchSize: 10 },
    );
    const results = await Promise.allSettled([load("a"), load("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await load("a")).toBe("A");
  });

  it("refuses a load that does not answer one value per key", async () => {
    const load = perTurnLoader<string, string>(async () => ["only one"], { maxBatchSize: 10 });
    await expect(Promise.all([load("a"), load("b")])).rejects.toThrow("one value per key");
  });
});
