// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyServerVersion } from "../../../src/client/version/version-check.ts";

describe("version change (spec §4)", () => {
  beforeEach(() => localStorage.clear());

  it("remembers the first version it sees without reloading", () => {
    const reload = vi.fn();
    expect(applyServerVersion("1.0.0", reload)).toBe(false);
    expect(localStorage.getItem("mbc.appVersion")).toBe("1.0.0");
    expect(applyServerVersion("1.0.0", reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("on a new version clears local state, keeps the sign-in, and reloads once", () => {
    localStorage.setItem("mbc.appVersion", "1.0.0");
    localStorage.setItem("mbc.accessToken", "A");
    localStorage.setItem("mbc.openedPrograms.7", "[1,2]");
    localStorage.setItem("other-app", "kept");
    const reload = vi.fn();

    expect(applyServerVersion("1.1.0", reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("mbc.openedPrograms.7")).toBeNull();
    expect(localStorage.getItem("mbc.accessToken")).toBe("A");
    expect(localStorage.getItem("other-app")).toBe("kept");
    expect(localStorage.getItem("mbc.appVersion")).toBe("1.1.0");

    // The reloaded page sees the version it stored: no second reload.
    expect(applyServerVersion("1.1.0", reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
