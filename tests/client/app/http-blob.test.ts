// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiHandlers, setApiHandlers } from "../../../src/client/api/api-events.ts";
import { filenameFromDisposition } from "../../../src/client/api/content-disposition.ts";
import { api, type DownloadedFile } from "../../../src/client/api/http.ts";
import { storeTokens } from "../../../src/client/api/tokens.ts";
import { installFetch, json } from "./fake-fetch.ts";
import { tokenExpiringIn } from "./jwt.ts";

let maintenance: ReturnType<typeof vi.fn>;
let restore: () => void;

beforeEach(() => {
  localStorage.clear();
  maintenance = vi.fn();
  restore = setApiHandlers({
    sessionEnded: vi.fn(),
    sessionRenewed: vi.fn(),
    passwordResetRequired: vi.fn(),
    maintenance,
    reachable: vi.fn(),
  } as ApiHandlers);
  storeTokens({ accessToken: tokenExpiringIn(900) });
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

describe('api(…, { as: "blob" })', () => {
  it("answers the bytes and the file name, sending the bearer token", async () => {
    const requests = installFetch(
      () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "content-type": "application/pdf",
            "content-disposition": `attachment; filename="report.pdf"; filename*=UTF-8''Ren%C3%A9e%20report.pdf`,
          },
        }),
    );
    const file = await api<DownloadedFile>("documents/download/abc", { as: "blob" });
    expect(file.filename).toBe("Renée report.pdf");
    expect(await file.blob.text()).toBe("%PDF-1.7");
    expect(requests[0].headers.get("authorization")).toMatch(/^Bearer /);
  });

  it("reads a failure as the server's error, not as a file", async () => {
    installFetch(() => json(404, { error: "This PDF is not available", code: "not_found" }));
    await expect(api("documents/download/abc", { as: "blob" })).rejects.toMatchObject({
      status: 404,
      message: "This PDF is not available",
    });
  });

  it("does not send the user to maintenance for a 503 pdf_unavailable", async () => {
    installFetch(() => json(503, { error: "PDF rendering is not available on this server", code: "pdf_unavailable" }));
    await expect(api("documents", { method: "POST", body: {} })).rejects.toMatchObject({ code: "pdf_unavailable" });
    expect(maintenance).not.toHaveBeenCalled();
  });
});

describe("filenameFromDisposition", () => {
  it("reads quoted, plain and UTF-8 names, and never a path", () => {
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(filenameFromDisposition("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E2%82%AC.pdf")).toBe("€.pdf");
    expect(filenameFromDisposition('attachment; filename="../../etc/x.pdf"')).toBe("x.pdf");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
