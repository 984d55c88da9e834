import type { GeneralSettings } from "../../../generated/types/api/general-settings.ts";

/** Spec §9: 7200 s timeout, warning after 7140 s, checks every second, mouse moves count once a second. */
export const DEFAULT_TIMEOUT_SECONDS = 7200;
export const DEFAULT_WARNING_SECONDS = 7140;
export const DEFAULT_CHECK_RATE_SECONDS = 1;
export const MOUSE_MOVE_THROTTLE_MS = 1000;

export interface InactivityConfig {
  timeoutMs: number;
  warningMs: number;
  checkRateMs: number;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The server's session_configuration (seconds) as milliseconds. Without a warning threshold the
 * prompt shows secondsToShow (or, by default, 60 s) before the timeout: 7200 s gives 7140 s.
 */
export function inactivityConfig(session: GeneralSettings["session_configuration"] = {}): InactivityConfig {
  const timeout = positiveInteger(session.timeout) ?? DEFAULT_TIMEOUT_SECONDS;
  const secondsToShow = positiveInteger(session.secondsToShow) ?? DEFAULT_TIMEOUT_SECONDS - DEFAULT_WARNING_SECONDS;
  const warning = positiveInteger(session.warningThreshhold) ?? timeout - secondsToShow;
  const checkRate = positiveInteger(session.checkRate) ?? DEFAULT_CHECK_RATE_SECONDS;
  return {
    timeoutMs: timeout * 1000,
    warningMs: Math.min(Math.max(warning, 0), timeout) * 1000,
    checkRateMs: checkRate * 1000,
  };
}

export type InactivityPhase = { kind: "active" } | { kind: "warning"; secondsLeft: number } | { kind: "expired" };

/** Where a session stands, given the last activity. Past the deadline is expired, however late it is noticed. */
export function phaseAt(lastActivity: number, now: number, config: InactivityConfig): InactivityPhase {
  const deadline = lastActivity + config.timeoutMs;
  if (now >= deadline) return { kind: "expired" };
  if (now >= lastActivity + config.warningMs) {
    return { kind: "warning", secondsLeft: Math.ceil((deadline - now) / 1000) };
  }
  return { kind: "active" };
}

export type ActivityKind = "mousemove" | "keydown" | "click" | "scroll" | "touchstart" | "wheel";

/** Last activity shared between tabs (localStorage in the app, a variable in tests). */
export interface ActivityStore {
  read(): number | null;
  write(at: number): void;
}

export interface InactivityTimerOptions {
  config: InactivityConfig;
  now: () => number;
  store: ActivityStore;
  /** The phase changed (or, while warning, the countdown moved). */
  onPhase: (phase: InactivityPhase) => void;
  /** The deadline passed: sign out. Called once. */
  onExpire: () => void;
  /** The user answered the prompt: tell the server they are still here. */
  onKeepAlive: () => void;
}

function samePhase(a: InactivityPhase, b: InactivityPhase): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== "warning" || a.secondsLeft === (b as { secondsLeft: number }).secondsLeft;
}

/**
 * The inactivity rules of spec §4 without React or real time: the clock and the store are given,
 * `check()` runs every checkRate, `activity()` on every user event.
 */
export class InactivityTimer {
  private phase: InactivityPhase = { kind: "active" };
  private lastMouseMove = Number.NEGATIVE_INFINITY;
  private expired = false;

  constructor(private readonly options: InactivityTimerOptions) {}

  /** Joins the activity other tabs recorded, or starts counting now. */
  start(): InactivityPhase {
    if (this.options.store.read() === null) this.options.store.write(this.options.now());
    return this.check();
  }

  private lastActivity(): number {
    const stored = this.options.store.read();
    if (stored !== null) return stored;
    // Cleared under us (another tab signed in afresh): count from now.
    const now = this.options.now();
    this.options.store.write(now);
    return now;
  }

  check(): InactivityPhase {
    if (this.expired) return this.phase;
    const phase = phaseAt(this.lastActivity(), this.options.now(), this.options.config);
    this.update(phase);
    if (phase.kind === "expired") {
      this.expired = true;
      this.options.onExpire();
    }
    return phase;
  }

  /**
   * A user event. Mouse movement counts at most once a second, and not while the prompt shows:
   * a hand reaching for "Stay signed in" must not shut the prompt under the pointer, so that the
   * click lands on the button rather than on the page behind it. Keys, clicks, scrolling and
   * touches always count. Once past the deadline nothing revives the session.
   */
  activity(kind: ActivityKind): void {
    if (this.expired) return;
    const now = this.options.now();
    const phase = phaseAt(this.lastActivity(), now, this.options.config);
    if (phase.kind === "expired") {
      this.check();
      return;
    }
    if (kind === "mousemove") {
      if (phase.kind === "warning" || now - this.lastMouseMove < MOUSE_MOVE_THROTTLE_MS) return;
      this.lastMouseMove = now;
    }
    this.extend(now, phase.kind === "warning");
  }

  /**
   * "Stay signed in", or the prompt closed: the session goes on and the server hears of it (once:
   * the click that pressed the button may already have counted as activity).
   */
  stay(): void {
    if (this.expired) return;
    const now = this.options.now();
    const phase = phaseAt(this.lastActivity(), now, this.options.config);
    if (phase.kind === "expired") {
      this.check();
      return;
    }
    this.extend(now, phase.kind === "warning");
  }

  private extend(now: number, answeredPrompt: boolean): void {
    this.options.store.write(now);
    this.update({ kind: "active" });
    if (answeredPrompt) this.options.onKeepAlive();
  }

  private update(phase: InactivityPhase): void {
    if (samePhase(this.phase, phase)) return;
    this.phase = phase;
    this.options.onPhase(phase);
  }
}
