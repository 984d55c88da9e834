// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, isMaintenance } from "../../../src/client/api/api-error.ts";
import { type ApiHandlers, setApiHandlers } from "../../../src/client/api/api-events.ts";
import { api } from "../../../src/client/api/http.ts";
import { resetRenewalForTests, SHARED_RENEWAL_MS } from "../../../src/client/api/renewal.ts";
import { storedTokens, storeTokens } from "../../../src/client/api/tokens.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { type FakeRequest, installFetch, json } from "./fake-fetch.ts";
import { tokenExpiringIn } from "./jwt.ts";

const user = {
  id: 7,
  username: "clinician",
  firstName: "Casey",
  lastName: "Lee",
  roles: ["clinician"],
  permissions: [],
  status: 2,
  user_type: "clinical",
};

type Spies = { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn<ApiHandlers[K]>> };
let handlers: Spies;
let restore: () => void;

beforeEach(() => {
  localStorage.clear();
  resetRenewalForTests();
  handlers = {
    sessionEnded: vi.fn<ApiHandlers["sessionEnded"]>(),
    sessionRenewed: vi.fn<ApiHandlers["sessionRenewed"]>(),
    passwordResetRequired: vi.fn<ApiHandlers["passwordResetRequired"]>(),
    maintenance: vi.fn<ApiHandlers["maintenance"]>(),
    reachable: vi.fn<ApiHandlers["reachable"]>(),
  };
  restore = setApiHandlers(handlers);
});

afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const bearer = (r: FakeRequest) => r.headers.get("authorization");
const paths = (requests: FakeRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

describe("api(): renewing before the call", () => {
  it("renews an expired access token first, then calls with the new one", async () => {
    const fresh = tokenExpiringIn(900);
    storeTokens({ accessToken: tokenExpiringIn(-5) });
    const requests = installFetch((r) => {
      if (r.path === "/api/security/renew-token") return json(200, { accessToken: fresh, user });
      return json(200, { rows: [], totalRecords: 0 });
    });

    const answer = await api<{ totalRecords: number }>("patients", { query: { page: 1, search: "" } });

    expect(answer.totalRecords).toBe(0);
    expect(paths(requests)).toEqual(["POST /api/security/renew-token", "GET /api/patients"]);
    // The refresh token travels in the HttpOnly cookie the browser adds; the body is an empty JSON object.
    expect(requests[0].body).toEqual({});
    expect(requests[0].headers.get("content-type")).toBe("application/json");
    expect(requests[0].headers.get("x-refresh-token-transport")).toBe("cookie");
    expect(bearer(requests[1])).toBe(`Bearer ${fresh}`);
    expect(requests[1].query.get("page")).toBe("1");
    expect(requests[1].query.has("search")).toBe(false);
    expect(storedTokens()).toEqual({ accessToken: fresh });
    expect(handlers.sessionRenewed).toHaveBeenCalledWith(user);
  });

  it("keeps no refresh token in localStorage, and removes one an earlier version left", async () => {
    localStorage.setItem("mbc.refreshToken", "R-legacy");
    storeTokens({ accessToken: tokenExpiringIn(900) });
    expect(localStorage.getItem("mbc.refreshToken")).toBeNull();
    expect(Object.keys(localStorage)).toEqual(["mbc.accessToken"]);
  });

  it("does not try to renew without a session", async () => {
    const requests = installFetch(() => json(200, {}));
    await api("settings/general");
    expect(paths(requests)).toEqual(["GET /api/settings/general"]);
  });

  it("does not renew for paths under security/", async () => {
    const expired = tokenExpiringIn(-5);
    storeTokens({ accessToken: expired });
    const requests = installFetch(() =>
      json(401, { error: "The username or password is incorrect.", code: "invalid_credentials" }),
    );

    const failure = await api("security/login", { method: "POST", body: { username: "x", password: "y" } }).catch(
      (e) => e,
    );

    expect(paths(requests)).toEqual(["POST /api/security/login"]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("invalid_credentials");
    // A wrong password is not a dead session: nothing is cleared.
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(storedTokens().accessToken).toBe(expired);
  });

  it("lets concurrent calls share one renewal, and renews again only after 2 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    let issued = 0;
    storeTokens({ accessToken: tokenExpiringIn(-5) });
    const requests = installFetch((r) => {
      if (r.path === "/api/security/renew-token") {
        issued += 1;
        return json(200, { accessToken: tokenExpiringIn(900), user });
      }
      return json(200, { ok: true });
    });

    await Promise.all([api("patients"), api("clinician-team"), api("settings/general")]);
    expect(requests.filter((r) => r.path === "/api/security/renew-token")).toHaveLength(1);

    // Within 2 s a renewal request reuses the settled one instead of spending another refresh token.
    storeTokens({ accessToken: tokenExpiringIn(-5) });
    await api("patients");
    expect(requests.filter((r) => r.path === "/api/security/renew-token")).toHaveLength(1);

    vi.advanceTimersByTime(SHARED_RENEWAL_MS);
    await api("patients");
    const renewals = requests.filter((r) => r.path === "/api/security/renew-token");
    expect(renewals).toHaveLength(2);
    expect(issued).toBe(2);
  });
});

describe("api(): after a 401", () => {
  it("renews once through the refresh cookie after token_expired and retries with the new token", async () => {
    const old = tokenExpiringIn(600);
    const fresh = tokenExpiringIn(900);
    storeTokens({ accessToken: old });
    const requests = installFetch((r) => {
      if (r.path === "/api/security/renew-token") return json(200, { accessToken: fresh, user });
      if (bearer(r) === `Bearer ${old}`)
        return json(401, { error: "Your session has expired. Please sign in.", code: "token_expired" });
      return json(200, { id: 3 });
    });

    const answer = await api<{ id: number }>("patients/3");

    expect(answer).toEqual({ id: 3 });
    expect(paths(requests)).toEqual(["GET /api/patients/3", "POST /api/security/renew-token", "GET /api/patients/3"]);
    expect(bearer(requests[2])).toBe(`Bearer ${fresh}`);
    expect(storedTokens()).toEqual({ accessToken: fresh });
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });

  it("retries only once: still expired after renewing means signed out", async () => {
    storeTokens({ accessToken: tokenExpiringIn(600) });
    const requests = installFetch((r) => {
      if (r.path === "/api/security/renew-token") return json(200, { accessToken: tokenExpiringIn(900), user });
      return json(401, { error: "Your session has expired. Please sign in.", code: "token_expired" });
    });

    const failure = await api("patients").catch((e) => e);

    expect(paths(requests)).toEqual(["GET /api/patients", "POST /api/security/renew-token", "GET /api/patients"]);
    expect(failure).toBeInstanceOf(ApiError);
    expect(handlers.sessionEnded).toHaveBeenCalledTimes(1);
    expect(storedTokens()).toEqual({ accessToken: null });
  });

  it("signs out at once on invalid_token, without trying to renew", async () => {
    storeTokens({ accessToken: tokenExpiringIn(600) });
    const requests = installFetch(() => json(401, { error: "Invalid access token", code: "invalid_token" }));

    const failure = (await api("patients").catch((e) => e)) as ApiError;

    expect(paths(requests)).toEqual(["GET /api/patients"]);
    expect(failure.code).toBe("invalid_token");
    expect(handlers.sessionEnded).toHaveBeenCalledTimes(1);
    expect(storedTokens()).toEqual({ accessToken: null });
  });

  it("signs out when the server refuses the refresh token, and never makes the call", async () => {
    storeTokens({ accessToken: tokenExpiringIn(-5) });
    const requests = installFetch((r) =>
      r.path === "/api/security/renew-token"
        ? json(401, { error: "Invalid access token", code: "invalid_token" })
        : json(200, {}),
    );

    const failure = (await api("patients").catch((e) => e)) as ApiError;

    expect(paths(requests)).toEqual(["POST /api/security/renew-token"]);
    expect(failure.status).toBe(401);
    expect(handlers.sessionEnded).toHaveBeenCalledTimes(1);
    expect(storedTokens().accessToken).toBeNull();
  });

  it("keeps the session when the renewal cannot reach the server", async () => {
    const expired = tokenExpiringIn(-5);
    storeTokens({ accessToken: expired });
    installFetch(() => {
      throw new TypeError("Failed to fetch");
    });

    const failure = (await api("patients").catch((e) => e)) as ApiError;

    expect(failure.status).toBe(0);
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(storedTokens().accessToken).toBe(expired);
  });
});

describe("api(): other answers", () => {
  it("sends a 503 to the maintenance page, and reports the next success", async () => {
    storeTokens({ accessToken: tokenExpiringIn(600) });
    let down = true;
    installFetch(() => (down ? json(503, { error: "Service Unavailable" }) : json(200, { status: "ok" })));

    const failure = (await api("patients").catch((e) => e)) as ApiError;
    expect(failure.status).toBe(503);
    expect(isMaintenance(failure)).toBe(true);
    expect(handlers.maintenance).toHaveBeenCalledTimes(1);
    expect(handlers.reachable).not.toHaveBeenCalled();

    down = false;
    await api("health", { renew: false });
    expect(handlers.reachable).toHaveBeenCalledTimes(1);
  });

  it("keeps the user where they are on a busy server's 503 (a query stopped, load refused) and gives its sentence", async () => {
    storeTokens({ accessToken: tokenExpiringIn(600) });
    for (const [code, error] of [
      ["query_timeout", MESSAGES.queryTimeout],
      ["overloaded", MESSAGES.overloaded],
    ]) {
      installFetch(() => json(503, { error, code }));
      const failure = (await api("patients").catch((e) => e)) as ApiError;
      expect(failure).toMatchObject({ status: 503, code, message: error });
      expect(isMaintenance(failure)).toBe(false);
    }
    expect(handlers.maintenance).not.toHaveBeenCalled();
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });

  it("keeps the session when renewing meets a busy server: the renewal can be tried again", async () => {
    const expired = tokenExpiringIn(-5);
    storeTokens({ accessToken: expired });
    installFetch(() => json(503, { error: MESSAGES.overloaded, code: "overloaded" }));
    const failure = (await api("patients").catch((e) => e)) as ApiError;
    expect(failure).toMatchObject({ status: 503, message: MESSAGES.overloaded });
    expect(handlers.maintenance).not.toHaveBeenCalled();
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(storedTokens().accessToken).toBe(expired);
  });

  it("treats a 200 saying 'Internal server error' or 'Endpoint request timed out' as a failure", async () => {
    for (const message of ["Internal server error", "Endpoint request timed out"]) {
      installFetch(() => json(200, { message }));
      const failure = (await api("patients").catch((e) => e)) as ApiError;
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure.message).toBe(message);
    }
    expect(handlers.reachable).not.toHaveBeenCalled();
  });

  it("treats a body carrying an error as a failure, whatever the status", async () => {
    installFetch(() => json(200, { error: "Reset key no longer valid" }));
    await expect(api("patients")).rejects.toMatchObject({ message: "Reset key no longer valid" });
  });

  it("cancels follow-ups when the body says has_access false", async () => {
    installFetch(() => json(200, { has_access: false, rows: [] }));
    await expect(api("patients")).rejects.toMatchObject({ code: "no_access", status: 403 });
  });

  it("keeps the server's field errors on a 400", async () => {
    installFetch(() =>
      json(400, {
        error: "Some fields need your attention.",
        code: "validation",
        errors: [{ field: "mrn", message: "MRN already in use" }],
        existingPatientId: 12,
      }),
    );
    const failure = (await api("patients", { method: "POST", body: {} }).catch((e) => e)) as ApiError;
    expect(failure.status).toBe(400);
    expect(failure.fieldErrors).toEqual([{ field: "mrn", message: "MRN already in use" }]);
    expect(failure.body.existingPatientId).toBe(12);
  });

  it("stores an access token a response renewed on the way", async () => {
    storeTokens({ accessToken: tokenExpiringIn(600) });
    const fresh = tokenExpiringIn(900);
    installFetch(() => json(200, { status: "ok" }, { "x-new-access-token": fresh }));
    await api("security/keep-alive");
    expect(storedTokens()).toEqual({ accessToken: fresh });
  });

  it("asks for a password change on 403 password_reset_required", async () => {
    installFetch(() => json(403, { error: "Password reset required", code: "password_reset_required" }));
    await expect(api("patients")).rejects.toBeInstanceOf(ApiError);
    expect(handlers.passwordResetRequired).toHaveBeenCalledTimes(1);
  });
});
