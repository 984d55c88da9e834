// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ActivityStore,
  type InactivityPhase,
  InactivityTimer,
  inactivityConfig,
} from "../../../src/client/inactivity/inactivity-timer.ts";

/** 16 s timeout, warning after 6 s: the e2e server's settings. */
const config = inactivityConfig({ timeout: 16, warningThreshhold: 6 });
const T0 = 1_800_000_000_000;

function memoryStore(): ActivityStore & { value: number | null } {
  return {
    value: null,
    read() {
      return this.value;
    },
    write(at) {
      this.value = at;
    },
  };
}

function setup(store = memoryStore()) {
  let now = T0;
  const phases: InactivityPhase[] = [];
  const onExpire = vi.fn();
  const onKeepAlive = vi.fn();
  const timer = new InactivityTimer({
    config,
    now: () => now,
    store,
    onPhase: (p) => phases.push(p),
    onExpire,
    onKeepAlive,
  });
  return {
    timer,
    store,
    phases,
    onExpire,
    onKeepAlive,
    at(ms: number) {
      now = T0 + ms;
      return timer;
    },
  };
}

describe("inactivityConfig", () => {
  it("uses 7200 s / 7140 s when the server gives nothing, in milliseconds, checked every second", () => {
    expect(inactivityConfig(undefined)).toEqual({ timeoutMs: 7_200_000, warningMs: 7_140_000, checkRateMs: 1000 });
    expect(inactivityConfig({})).toEqual({ timeoutMs: 7_200_000, warningMs: 7_140_000, checkRateMs: 1000 });
  });

  it("converts the server's seconds and derives the warning when only the timeout is set", () => {
    expect(config).toEqual({ timeoutMs: 16_000, warningMs: 6_000, checkRateMs: 1000 });
    expect(inactivityConfig({ timeout: 900 }).warningMs).toBe(840_000);
    expect(inactivityConfig({ timeout: 900, secondsToShow: 120 }).warningMs).toBe(780_000);
    // A threshold past the timeout cannot delay the sign-out.
    expect(inactivityConfig({ timeout: 60, warningThreshhold: 7140 }).warningMs).toBe(60_000);
  });
});

describe("InactivityTimer", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.timer.start();
  });

  it("starts the shared clock at the first check", () => {
    expect(t.store.value).toBe(T0);
    expect(t.at(5_999).check()).toEqual({ kind: "active" });
    expect(t.phases).toEqual([]);
  });

  it("warns at the threshold and counts down each second", () => {
    expect(t.at(6_000).check()).toEqual({ kind: "warning", secondsLeft: 10 });
    t.at(7_000).check();
    t.at(7_500).check(); // same second: no new phase
    t.at(15_001).check();
    expect(t.phases).toEqual([
      { kind: "warning", secondsLeft: 10 },
      { kind: "warning", secondsLeft: 9 },
      { kind: "warning", secondsLeft: 1 },
    ]);
    expect(t.onExpire).not.toHaveBeenCalled();
  });

  it("signs out at zero, once", () => {
    t.at(6_000).check();
    expect(t.at(16_000).check()).toEqual({ kind: "expired" });
    t.at(17_000).check();
    expect(t.onExpire).toHaveBeenCalledTimes(1);
  });

  it("signs out when it wakes up long past the deadline (a laptop that slept)", () => {
    expect(t.at(3 * 3600_000).check()).toEqual({ kind: "expired" });
    expect(t.onExpire).toHaveBeenCalledTimes(1);
    expect(t.phases).toEqual([{ kind: "expired" }]);
  });

  it("does not let activity after the deadline revive the session", () => {
    t.at(20_000).activity("keydown");
    expect(t.onExpire).toHaveBeenCalledTimes(1);
    expect(t.store.value).toBe(T0);
  });

  it("resets on activity: keys, clicks, scrolling, touches", () => {
    t.at(5_000).activity("keydown");
    expect(t.at(10_999).check()).toEqual({ kind: "active" });
    expect(t.at(11_000).check()).toEqual({ kind: "warning", secondsLeft: 10 });
    for (const kind of ["click", "scroll", "touchstart", "wheel"] as const) {
      const fresh = setup();
      fresh.timer.start();
      fresh.at(4_000).activity(kind);
      expect(fresh.store.value).toBe(T0 + 4_000);
      expect(fresh.at(9_999).check()).toEqual({ kind: "active" });
    }
  });

  it("counts mouse movement at most once a second", () => {
    t.at(100).activity("mousemove");
    expect(t.store.value).toBe(T0 + 100);
    t.at(600).activity("mousemove");
    expect(t.store.value).toBe(T0 + 100);
    t.at(1_100).activity("mousemove");
    expect(t.store.value).toBe(T0 + 1_100);
  });

  it("while the prompt shows, ignores mouse movement but not a key press, which keeps the session alive", () => {
    t.at(8_000).check();
    t.at(8_500).activity("mousemove");
    expect(t.at(9_000).check()).toEqual({ kind: "warning", secondsLeft: 7 });
    expect(t.onKeepAlive).not.toHaveBeenCalled();

    t.at(9_200).activity("keydown");
    expect(t.phases.at(-1)).toEqual({ kind: "active" });
    expect(t.onKeepAlive).toHaveBeenCalledTimes(1);
    expect(t.at(15_000).check()).toEqual({ kind: "active" });
  });

  it("'Stay signed in' closes the prompt, restarts the clock and tells the server", () => {
    t.at(12_000).check();
    t.at(12_500).stay();
    expect(t.phases.at(-1)).toEqual({ kind: "active" });
    expect(t.onKeepAlive).toHaveBeenCalledTimes(1);
    expect(t.at(18_499).check()).toEqual({ kind: "active" });
    expect(t.at(18_500).check()).toEqual({ kind: "warning", secondsLeft: 10 });
  });

  it("activity in the quiet phase does not call the server", () => {
    t.at(2_000).activity("click");
    expect(t.onKeepAlive).not.toHaveBeenCalled();
  });
});

describe("several tabs", () => {
  it("share one clock: activity in one keeps the other from warning, and both sign out together", () => {
    const store = memoryStore();
    const a = setup(store);
    const b = setup(store);
    a.timer.start();
    b.timer.start();
    a.at(5_000).activity("keydown");
    expect(b.at(10_000).check()).toEqual({ kind: "active" });
    expect(b.at(21_000).check()).toEqual({ kind: "expired" });
    expect(a.at(21_000).check()).toEqual({ kind: "expired" });
    expect(a.onExpire).toHaveBeenCalledTimes(1);
    expect(b.onExpire).toHaveBeenCalledTimes(1);
  });

  it("joins the activity another tab recorded instead of starting over", () => {
    const store = memoryStore();
    store.value = T0 - 10_000;
    const late = setup(store);
    expect(late.timer.start()).toEqual({ kind: "warning", secondsLeft: 6 });
  });
});
