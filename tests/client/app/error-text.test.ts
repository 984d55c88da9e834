// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/client/api/api-error.ts";
import { errorText } from "../../../src/client/api/error-text.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";

describe("errorText (spec §8 order)", () => {
  it("prefers the response's error string over everything else", () => {
    const error = new ApiError(
      400,
      "ignored",
      "validation",
      [{ field: "mrn", message: "MRN already in use" }],
      {
        error: "Some fields need your attention.",
        errors: [{ field: "mrn", message: "MRN already in use" }],
      },
      "Bad Request",
    );
    expect(errorText(error)).toBe("Some fields need your attention.");
  });

  it("joins the validation errors when there is no error string", () => {
    const error = new ApiError(
      400,
      "",
      "validation",
      [
        { field: "first_name", message: "First name is required" },
        { field: "email", message: "Invalid email" },
      ],
      {},
      "Bad Request",
    );
    expect(errorText(error)).toBe("First name is required; Invalid email");
  });

  it("falls back to the status text, then the message", () => {
    expect(errorText(new ApiError(502, "", undefined, [], {}, "Bad Gateway"))).toBe("Bad Gateway");
    expect(errorText(new ApiError(502, "The proxy gave up", undefined, [], {}, ""))).toBe("The proxy gave up");
    expect(errorText(new Error("Something specific"))).toBe("Something specific");
  });

  it("does not show 'OK' for a 200 that failed: its message explains", () => {
    const error = new ApiError(
      200,
      "Internal server error",
      "server_failure",
      [],
      { message: "Internal server error" },
      "OK",
    );
    expect(errorText(error)).toBe("Internal server error");
  });

  it("ends with the general error when nothing else says why", () => {
    expect(errorText(new ApiError(0, "", undefined, [], {}, ""))).toBe(MESSAGES.unexpected);
    expect(errorText(undefined)).toBe(MESSAGES.unexpected);
    expect(errorText({})).toBe(MESSAGES.unexpected);
    expect(errorText("   ")).toBe(MESSAGES.unexpected);
  });

  it("shows 'Invalid access token' as the session-expired sentence", () => {
    const error = new ApiError(
      401,
      "Invalid access token",
      "invalid_token",
      [],
      { error: "Invalid access token" },
      "Unauthorized",
    );
    expect(errorText(error)).toBe("Your session has expired. Please sign in.");
    expect(errorText("Invalid access token")).toBe(MESSAGES.sessionExpired);
  });

  it("reads plain error-shaped objects too", () => {
    expect(errorText({ error: "Reset key no longer valid" })).toBe("Reset key no longer valid");
    expect(errorText({ errors: [{ message: "Invalid password." }] })).toBe("Invalid password.");
  });
});
