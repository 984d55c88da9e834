import { useEffect, useRef, useState } from "react";
import { readItem, STORAGE_KEYS, writeItem } from "../local-store.ts";
import {
  type ActivityKind,
  type ActivityStore,
  type InactivityConfig,
  type InactivityPhase,
  InactivityTimer,
} from "./inactivity-timer.ts";

const ACTIVITY_EVENTS: readonly ActivityKind[] = ["mousemove", "keydown", "click", "scroll", "touchstart", "wheel"];

/** The last activity in localStorage, so that every tab of this browser keeps one deadline. */
export const sharedActivityStore: ActivityStore = {
  read() {
    const value = Number(readItem(STORAGE_KEYS.lastActivity));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  write(at) {
    writeItem(STORAGE_KEYS.lastActivity, String(at));
  },
};

/** Runs an InactivityTimer on the real clock and the window's events while mounted. */
export function useInactivity(
  config: InactivityConfig,
  handlers: { onExpire: () => void; onKeepAlive: () => void },
): { phase: InactivityPhase; stay: () => void } {
  const [phase, setPhase] = useState<InactivityPhase>({ kind: "active" });
  const latest = useRef(handlers);
  latest.current = handlers;
  const timerRef = useRef<InactivityTimer | null>(null);
  const { timeoutMs, warningMs, checkRateMs } = config;

  useEffect(() => {
    const timer = new InactivityTimer({
      config: { timeoutMs, warningMs, checkRateMs },
      now: () => Date.now(),
      store: sharedActivityStore,
      onPhase: setPhase,
      onExpire: () => latest.current.onExpire(),
      onKeepAlive: () => latest.current.onKeepAlive(),
    });
    timerRef.current = timer;
    timer.start();
    const interval = window.setInterval(() => timer.check(), checkRateMs);
    const listeners = ACTIVITY_EVENTS.map((kind) => {
      const listener = () => timer.activity(kind);
      // Capture: scroll does not bubble, and a handler that stops propagation still counts.
      window.addEventListener(kind, listener, { capture: true, passive: true });
      return () => window.removeEventListener(kind, listener, { capture: true });
    });
    return () => {
      window.clearInterval(interval);
      for (const remove of listeners) remove();
      timerRef.current = null;
    };
  }, [timeoutMs, warningMs, checkRateMs]);

  return { phase, stay: () => timerRef.current?.stay() };
}
