import { useSearchParams } from "react-router-dom";
import { daysFrom, isInterval, type UsageDays, type UsageInterval } from "./usage-range.ts";

/**
 * A usage screen's dates and grouping, kept in the address (?from=&to=&interval=) so a reload,
 * a shared link and the tabs between Patients, Clinical and Measures keep them. Without them the
 * screen shows the last 30 days ending yesterday and its own default grouping (spec §9).
 */
export function useUsageParams(defaultInterval: UsageInterval) {
  const [params, setParams] = useSearchParams();
  const days = daysFrom(params);
  const asked = params.get("interval");
  const interval = isInterval(asked) ? asked : defaultInterval;
  const update = (next: Partial<UsageDays & { interval: UsageInterval }>) => {
    const merged = { ...days, interval, ...next };
    const out = new URLSearchParams(params);
    out.set("from", merged.from);
    out.set("to", merged.to);
    if (next.interval) out.set("interval", next.interval);
    setParams(out, { replace: true });
  };
  return {
    days,
    interval,
    setDays: (next: UsageDays) => update(next),
    setInterval: (next: UsageInterval) => update({ interval: next }),
  };
}
