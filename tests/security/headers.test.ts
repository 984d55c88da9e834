import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsConfig } from "../helpers/accounts.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe.each(DATABASES)("security headers on $name", (database) => {
  let plain: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    plain = await createTestApp(database);
    https = await createTestApp(database, { config: accountsConfig({ publicUrl: "https://mbc.clinic.test" }) });
  });
  afterAll(async () => {
    await plain.close();
    await https.close();
  });

  it("sends a CSP without inline script that no one may frame, on API answers, errors and the docs page", async () => {
    for (const url of ["/api/health", "/api/patients", "/api/no-such-route", "/api/docs"]) {
      const res = await plain.app.inject({ method: "GET", url });
      const csp = directives(res.headers["content-security-policy"] as string);
      expect(csp["script-src"], url).toEqual(["'self'"]);
      expect(csp["script-src-attr"], url).toEqual(["'none'"]);
      expect(csp["frame-ancestors"], url).toEqual(["'none'"]);
      expect(csp["object-src"], url).toEqual(["'none'"]);
      expect(csp["default-src"], url).toEqual(["'self'"]);
      // Styles only: Mantine and swagger-ui write inline styles (src/server/http/security-headers.ts).
      expect(csp["style-src"], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["permissions-policy"], url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    }
  });

  it("lets the web client's pages evaluate ajv's validators, still without inline script", async () => {
    const page = await plain.app.inject({ method: "GET", url: "/clinician/patients/add" });
    const csp = directives(page.headers["content-security-policy"] as string);
    expect(csp["script-src"]).toEqual(["'self'", "'unsafe-eval'"]);
    expect(csp["script-src-attr"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("sends helmet's whole set on API answers and pages alike (computed once, not per request)", async () => {
    for (const url of ["/api/health", "/clinician/patients/add"]) {
      const res = await plain.app.inject({ method: "GET", url });
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["origin-agent-cluster"], url).toBe("?1");
      expect(res.headers["x-permitted-cross-domain-policies"], url).toBe("none");
      expect(res.headers["x-dns-prefetch-control"], url).toBe("off");
      expect(res.headers["x-xss-protection"], url).toBe("0");
    }
  });

  it("keeps API answers out of caches", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sends HSTS only when PUBLIC_URL is https", async () => {
    const overHttp = await plain.app.inject({ method: "GET", url: "/api/health" });
    expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
    expect(directives(overHttp.headers["content-security-policy"] as string)).not.toHaveProperty(
      "upgrade-insecure-requests",
    );
    const overHttps = await https.app.inject({ method: "GET", url: "/api/health" });
    expect(overHttps.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(directives(overHttps.headers["content-security-policy"] as string)).toHaveProperty(
      "upgrade-insecure-requests",
    );
  });

  it("serves the docs page with its scripts as files of this origin, none inline", async () => {
    const page = await plain.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(content.trim()).toBe("");
    }
  });
});
