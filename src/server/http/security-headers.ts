import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * The browser features the app never uses, switched off for it and anything it might embed.
 * Helmet does not set Permissions-Policy, so it is added here.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Security headers on every answer (issue 8 §5), as @fastify/helmet sets them (computed once, see
 * helmetHeaders):
 * - Content-Security-Policy: scripts only from this origin, never inline (the built client is
 *   one module script; the /api/docs page loads swagger-ui's files from this server); no
 *   plugins; the app cannot be framed (frame-ancestors 'none', plus X-Frame-Options for old
 *   browsers); forms and fetches go to this origin only.
 *   The web client's pages (not /api, not the /api/docs page) also allow 'unsafe-eval': ajv, which
 *   validates every form in the browser with the server's own schemas, compiles its validators
 *   with new Function. Inline script stays refused, so injected markup still cannot run code; what
 *   eval allows is only reachable from script that already runs. Precompiling the validators at
 *   codegen (ajv's standalone code) would remove the need; until then this is the price of one
 *   validator on both sides.
 *   style-src allows 'unsafe-inline' for STYLES ONLY: Mantine writes its CSS variables into a
 *   <style> element and its style props into style="" attributes, plotly sizes its SVG with inline
 *   styles, and swagger-ui does the same. Inline styles cannot run code; the risk they leave (CSS
 *   used to exfiltrate through a url(), which img-src/font-src 'self' data: already bound) is far
 *   smaller than inline script, which stays forbidden.
 * - Strict-Transport-Security only when PUBLIC_URL is https: over plain http (the demo on a
 *   laptop) it would be ignored at best and pin a browser to https for the host at worst.
 * - Permissions-Policy, which helmet does not set.
 * - Referrer-Policy no-referrer: reset and setup links carry their key in the URL.
 */
const isApi = (req: IncomingMessage) => (req.url ?? "").startsWith("/api/");

export async function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(opts));
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApi(request.raw) ? headers.api : headers.page);
    done();
  });
  // At send time, so that no route's own headers can loosen them.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}

type HelmetOptions = Parameters<typeof helmet>[1];

function helmetOptions(opts: { publicUrl: string }): HelmetOptions {
  const https = opts.publicUrl.toLowerCase().startsWith("https:");
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (req: IncomingMessage) => (isApi(req) ? "" : "'unsafe-eval'")],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    // The app loads nothing from other origins and is opened by nobody else's window.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
  };
}

/**
 * The headers helmet sets for an API answer and for a page, computed once. @fastify/helmet builds
 * helmet's middleware anew for every request (about a tenth of a millisecond of CPU, as much as
 * the rest of a small API answer), yet with these options the headers depend on one thing only:
 * whether the path is the API's. So helmet itself answers one request of each kind on a private
 * instance at start, and every request then gets the headers of its kind, exactly as helmet set
 * them.
 */
async function helmetHeaders(options: HelmetOptions): Promise<{ api: Headers; page: Headers }> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get("/*", async () => "");
  const plain = Fastify({ logger: false });
  plain.get("/*", async () => "");
  const headersOf = async (instance: FastifyInstance, url: string) =>
    (await instance.inject({ method: "GET", url })).headers as Headers;
  try {
    const own = await headersOf(plain, "/api/x");
    // What helmet added: everything but the headers Fastify sets itself (type, length, date, connection).
    const added = (h: Headers): Headers => Object.fromEntries(Object.entries(h).filter(([name]) => !(name in own)));
    return { api: added(await headersOf(probe, "/api/x")), page: added(await headersOf(probe, "/x")) };
  } finally {
    await probe.close();
    await plain.close();
  }
}

type Headers = Record<string, string | string[] | number | undefined>;
