import { afterEach, describe, expect, it } from "vitest";
import {
  clinicToday,
  formatCalendarDate,
  formatMoment,
  formatMomentDay,
  isClinicToday,
  setClinicTimeZone,
} from "../../../src/client/dates/clinic-dates.ts";
import { formatValue } from "../../../src/client/renderers/format-value.ts";

afterEach(() => setClinicTimeZone(undefined));

describe("clinic dates", () => {
  it("shows a moment on the clinic's clock, not the device's", () => {
    // 02:30 UTC on Nov 4 is still the evening of Nov 3 in New York, and already midday in Sydney.
    const moment = "2026-11-04T02:30:00Z";
    setClinicTimeZone("America/New_York");
    expect(formatMoment(moment)).toBe("Nov 3, 2026, 9:30 PM");
    expect(formatMomentDay(moment)).toBe("Nov 3, 2026");
    expect(formatValue("datetime", moment)).toBe("Nov 3, 2026, 9:30 PM");
    setClinicTimeZone("Australia/Sydney");
    expect(formatMoment(moment)).toBe("Nov 4, 2026, 1:30 PM");
  });

  it("follows daylight saving time on the clinic's calendar", () => {
    setClinicTimeZone("America/New_York");
    // US clocks fell back at 2 AM EDT on Nov 1, 2026 (06:00 UTC): an hour later in UTC, the same 1 AM-ish wall time.
    expect(formatMoment("2026-11-01T05:30:00Z")).toBe("Nov 1, 2026, 1:30 AM");
    expect(formatMoment("2026-11-01T06:30:00Z")).toBe("Nov 1, 2026, 1:30 AM");
    // Spring forward, Mar 8, 2026: 06:59 UTC is 1:59 AM EST, 07:00 UTC is 3:00 AM EDT.
    expect(formatMoment("2026-03-08T06:59:00Z")).toBe("Mar 8, 2026, 1:59 AM");
    expect(formatMoment("2026-03-08T07:00:00Z")).toBe("Mar 8, 2026, 3:00 AM");
  });

  it("keeps a calendar date (birth date, due date) on its day in every zone", () => {
    for (const zone of ["Pacific/Honolulu", "America/New_York", "Asia/Tokyo"]) {
      setClinicTimeZone(zone);
      expect(formatCalendarDate("2010-04-02")).toBe("Apr 2, 2010");
      expect(formatCalendarDate("2026-11-03T00:00:00.000Z")).toBe("Nov 3, 2026");
      expect(formatValue("date", "2010-04-02")).toBe("Apr 2, 2010");
    }
  });

  it("computes today, and a due date's 'today', in the clinic's zone", () => {
    const lateEvening = new Date("2026-11-04T03:00:00Z");
    setClinicTimeZone("America/Los_Angeles");
    expect(clinicToday(lateEvening)).toBe("2026-11-03");
    expect(isClinicToday("2026-11-03T00:00:00.000Z", lateEvening)).toBe(true);
    setClinicTimeZone("Europe/London");
    expect(clinicToday(lateEvening)).toBe("2026-11-04");
    expect(isClinicToday("2026-11-03T00:00:00.000Z", lateEvening)).toBe(false);
  });

  it("ignores a zone the browser does not know and uses the device's", () => {
    setClinicTimeZone("Mars/Olympus_Mons");
    const device = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
    expect(formatMoment("2026-11-04T02:30:00Z")).toBe(device.format(new Date("2026-11-04T02:30:00Z")));
  });
});
