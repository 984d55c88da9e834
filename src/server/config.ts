import { readFileSync } from "node:fs";
import path from "node:path";
import { type ThrottlePolicy, throttlePolicy } from "./auth/sign-in-throttle.ts";

/** Runtime configuration, read from the environment only (issue 2 §1). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set: a PostgreSQL server. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Secret for signing access tokens; resolved at start (see token-secret.ts). */
  tokenSecret: string | undefined;
  logLevel: string;
  /** Seed the demo clinic. Default on for the embedded database, off for a server. */
  demo: boolean;
  version: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Shortest password accepted on the server (spec §5: configurable, never below 8). */
  passwordMinLength: number;
  /** Days a password stays valid; 0 = never expires. Past it, login answers password_expired. */
  passwordMaxAgeDays: number;
  /** Absolute lifetime of a refresh family: past it renewing fails and the person signs in again. */
  refreshAbsoluteTtlSeconds: number;
  /**
   * Which peers may tell us the client's address (X-Forwarded-For), as Fastify's trustProxy
   * takes it: false (default: the socket's address is the client's), true (any peer: only when
   * the port is reachable through the proxy alone), a hop count, or a list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Free failures and growing delays of password attempts (auth/sign-in-throttle.ts). */
  signInThrottle: ThrottlePolicy;
  /**
   * Forgot password, recover username and the access-code request answer no sooner than this
   * (http/uniform-duration.ts), so their timing does not tell known accounts from unknown ones.
   */
  accountLookupFloorMs: number;
  /** Accounts and messaging (docs/api/accounts.md): links, lifetimes, transports, queue, rate limits. */
  accounts: AccountsConfig;
  /**
   * Seconds between the escalation job's looks for overdue alerts (docs/alerts.md, Escalation);
   * 0 turns the job off on this node. How long an alert may stay active is a general setting.
   */
  alertEscalationCheckSeconds: number;
  /**
   * Seconds between the reminder job's looks for occurrences to remind respondents about
   * (docs/reminders.md); 0 turns the job off on this node.
   */
  reminderCheckSeconds: number;
  /** Outcomes explorer exports (analytics/exports; docs/analytics.md, Exports). */
  exports: ExportsConfig;
  /** PDF documents (documents/; docs/documents.md). */
  documents: DocumentsConfig;
  /** The server's connection pool to PostgreSQL (db/statement-timeout.ts; docs/scale.md). */
  database: DatabasePoolConfig;
  /** When the server answers 503 + Retry-After instead of queueing work (http/load-shedding.ts; docs/scale.md). */
  loadShedding: LoadSheddingConfig;
}

export interface ExportsConfig {
  /** This node generates queued exports (EXPORT_WORKER, on); off: it only queues them for other nodes. */
  worker: boolean;
  /** Seconds between looks for exports past their 7 days (EXPORT_CLEANUP_CHECK_SECONDS); 0: never on this node. */
  cleanupCheckSeconds: number;
}

export interface DocumentsConfig {
  /** The Chromium the PDFs are printed with (PDF_CHROMIUM_PATH, /usr/bin/chromium); missing: no PDFs on this node. */
  chromiumPath: string;
  /** This node renders queued documents (DOCUMENT_WORKER, on); off: it only queues them for other nodes. */
  worker: boolean;
  /** Browser pages rendering at once on this node (PDF_CONCURRENCY, 2): each holds a report page in memory. */
  concurrency: number;
  /** Hours a PDF is kept after it was asked for (DOCUMENT_RETENTION_HOURS, 24): it holds PHI. */
  retentionHours: number;
  /** Seconds between looks for expired documents (DOCUMENT_CLEANUP_CHECK_SECONDS, 600); 0: never on this node. */
  cleanupCheckSeconds: number;
  /** Where the renderer reaches this server's pages (PDF_RENDER_URL); unset: the address it listens on. */
  renderUrl: string | undefined;
}

export interface DatabasePoolConfig {
  /** Connections of this node's pool (PostgreSQL server only; PGlite has one). */
  poolSize: number;
  /** Longest a statement of the server may run before PostgreSQL cancels it; 0 = no limit. */
  statementTimeoutMs: number;
  /** Repeated statements prepared once per connection (db/prepared-statements.ts); off behind a transaction-mode pooler. */
  preparedStatements: boolean;
}

export interface LoadSheddingConfig {
  /** Refuse a request that arrives while more than this many callers wait for a database connection; 0 = off. */
  maxDatabaseQueue: number;
  /** Refuse requests while the event loop's mean delay is above this (ms); 0 = off. */
  maxEventLoopDelayMs: number;
  /** Refuse requests while the event loop's utilisation is above this (0..1); 0 = off. */
  maxEventLoopUtilization: number;
  /** The Retry-After of a refused request. */
  retryAfterSeconds: number;
  /** How often the event loop is measured (ms); not an environment variable: tests shorten it. */
  sampleIntervalMs: number;
}

/** TRUST_PROXY: unset/false/0 off; true; a hop count; or a comma list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? "").trim();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  const bad = list.find((s) => !address.test(s));
  if (bad !== undefined)
    throw new Error(`TRUST_PROXY must be true, a hop count or a comma list of addresses/CIDRs, got "${bad}"`);
  return list;
}

export interface AccountsConfig {
  /** Base of the links in messages, e.g. https://mbc.example-clinic.org (no trailing slash). */
  publicUrl: string;
  /** smtp://user:pass@host:port or smtps://...; unset: email is kept in the outbox (demo). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** HTTP SMS provider endpoint; unset: text messages are kept in the outbox (demo). */
  smsProviderUrl: string | undefined;
  smsAccount: string | undefined;
  smsToken: string | undefined;
  smsFrom: string | undefined;
  /** Prefix turning a stored 10-digit number into the provider's international form. */
  smsCountryPrefix: string;
  invitationTtlHours: number;
  resetTtlMinutes: number;
  accessCodeTtlMinutes: number;
  /** pg-boss schema, the delivery worker's idle poll, and the retry policy of a failed delivery. */
  queueSchema: string;
  queuePollIntervalMs: number;
  queueRetryLimit: number;
  queueRetryDelaySeconds: number;
  queueMaintenanceIntervalSeconds: number;
  /** Per client address, over rateLimitWindowSeconds, on the public recovery and access-code routes. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

// The schema's pattern is the floor (8); api/password.json caps passwords at 256 characters.
function passwordMinLength(value: string | undefined): number {
  const n = intFromEnv(value, 8, "PASSWORD_MIN_LENGTH");
  if (n < 8 || n > 256) throw new Error(`PASSWORD_MIN_LENGTH must be between 8 and 256, got "${value}"`);
  return n;
}

function positiveIntFromEnv(value: string | undefined, fallback: number, name: string): number {
  const n = intFromEnv(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

function onOffFromEnv(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === "") return fallback;
  if (value === "on") return true;
  if (value === "off") return false;
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
}

function fractionFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return n;
}

function loadDatabasePoolConfig(env: NodeJS.ProcessEnv): DatabasePoolConfig {
  return {
    poolSize: positiveIntFromEnv(env.DATABASE_POOL_SIZE, 10, "DATABASE_POOL_SIZE"),
    statementTimeoutMs: intFromEnv(env.DATABASE_STATEMENT_TIMEOUT_MS, 10_000, "DATABASE_STATEMENT_TIMEOUT_MS"),
    preparedStatements: onOffFromEnv(env.DATABASE_PREPARED_STATEMENTS, true, "DATABASE_PREPARED_STATEMENTS"),
  };
}

function loadLoadSheddingConfig(env: NodeJS.ProcessEnv): LoadSheddingConfig {
  return {
    maxDatabaseQueue: intFromEnv(env.LOAD_SHED_DATABASE_QUEUE, 200, "LOAD_SHED_DATABASE_QUEUE"),
    maxEventLoopDelayMs: intFromEnv(env.LOAD_SHED_EVENT_LOOP_DELAY_MS, 1000, "LOAD_SHED_EVENT_LOOP_DELAY_MS"),
    maxEventLoopUtilization: fractionFromEnv(
      env.LOAD_SHED_EVENT_LOOP_UTILIZATION,
      0,
      "LOAD_SHED_EVENT_LOOP_UTILIZATION",
    ),
    retryAfterSeconds: positiveIntFromEnv(env.LOAD_SHED_RETRY_AFTER_SECONDS, 5, "LOAD_SHED_RETRY_AFTER_SECONDS"),
    sampleIntervalMs: 1000,
  };
}

function loadAccountsConfig(env: NodeJS.ProcessEnv, port: number): AccountsConfig {
  const queueSchema = env.QUEUE_SCHEMA || "pgboss";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(queueSchema))
    throw new Error(`QUEUE_SCHEMA must be a lower-case SQL identifier, got "${queueSchema}"`);
  return {
    publicUrl: (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "no-reply@localhost",
    smsProviderUrl: env.SMS_PROVIDER_URL || undefined,
    smsAccount: env.SMS_ACCOUNT || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    smsFrom: env.SMS_FROM || undefined,
    smsCountryPrefix: env.SMS_COUNTRY_PREFIX || "+1",
    invitationTtlHours: positiveIntFromEnv(env.INVITATION_TTL_HOURS, 72, "INVITATION_TTL_HOURS"),
    resetTtlMinutes: positiveIntFromEnv(env.RESET_TTL_MINUTES, 60, "RESET_TTL_MINUTES"),
    accessCodeTtlMinutes: positiveIntFromEnv(env.ACCESS_CODE_TTL_MINUTES, 10, "ACCESS_CODE_TTL_MINUTES"),
    queueSchema,
    queuePollIntervalMs: positiveIntFromEnv(env.QUEUE_POLL_INTERVAL_MS, 2000, "QUEUE_POLL_INTERVAL_MS"),
    queueRetryLimit: intFromEnv(env.QUEUE_RETRY_LIMIT, 8, "QUEUE_RETRY_LIMIT"),
    queueRetryDelaySeconds: intFromEnv(env.QUEUE_RETRY_DELAY_SECONDS, 30, "QUEUE_RETRY_DELAY_SECONDS"),
    queueMaintenanceIntervalSeconds: positiveIntFromEnv(
      env.QUEUE_MAINTENANCE_INTERVAL_SECONDS,
      120,
      "QUEUE_MAINTENANCE_INTERVAL_SECONDS",
    ),
    rateLimitMax: positiveIntFromEnv(env.RATE_LIMIT_MAX, 100, "RATE_LIMIT_MAX"),
    rateLimitWindowSeconds: positiveIntFromEnv(env.RATE_LIMIT_WINDOW_SECONDS, 600, "RATE_LIMIT_WINDOW_SECONDS"),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = intFromEnv(env.PORT, 3000, "PORT");
  return {
    port,
    host: env.HOST || "127.0.0.1",
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl,
    tokenSecret: env.TOKEN_SECRET || undefined,
    logLevel: env.LOG_LEVEL || "info",
    demo: env.DEMO === undefined || env.DEMO === "" ? !databaseUrl : env.DEMO === "1" || env.DEMO === "true",
    version: readVersion(),
    accessTokenTtlSeconds: intFromEnv(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, "ACCESS_TOKEN_TTL_SECONDS"),
    refreshTokenTtlSeconds: intFromEnv(env.REFRESH_TOKEN_TTL_SECONDS, 12 * 3600, "REFRESH_TOKEN_TTL_SECONDS"),
    passwordMinLength: passwordMinLength(env.PASSWORD_MIN_LENGTH),
    passwordMaxAgeDays: intFromEnv(env.PASSWORD_MAX_AGE_DAYS, 0, "PASSWORD_MAX_AGE_DAYS"),
    refreshAbsoluteTtlSeconds: positiveIntFromEnv(
      env.REFRESH_ABSOLUTE_TTL_SECONDS,
      12 * 3600,
      "REFRESH_ABSOLUTE_TTL_SECONDS",
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signInThrottle: throttlePolicy(
      positiveIntFromEnv(env.SIGN_IN_FREE_FAILURES_PER_ADDRESS, 20, "SIGN_IN_FREE_FAILURES_PER_ADDRESS"),
    ),
    accountLookupFloorMs: intFromEnv(env.ACCOUNT_LOOKUP_FLOOR_MS, 300, "ACCOUNT_LOOKUP_FLOOR_MS"),
    accounts: loadAccountsConfig(env, port),
    alertEscalationCheckSeconds: intFromEnv(env.ALERT_ESCALATION_CHECK_SECONDS, 300, "ALERT_ESCALATION_CHECK_SECONDS"),
    reminderCheckSeconds: intFromEnv(env.REMINDER_CHECK_SECONDS, 300, "REMINDER_CHECK_SECONDS"),
    exports: {
      worker: onOffFromEnv(env.EXPORT_WORKER, true, "EXPORT_WORKER"),
      cleanupCheckSeconds: intFromEnv(env.EXPORT_CLEANUP_CHECK_SECONDS, 3600, "EXPORT_CLEANUP_CHECK_SECONDS"),
    },
    documents: {
      chromiumPath: env.PDF_CHROMIUM_PATH || "/usr/bin/chromium",
      worker: onOffFromEnv(env.DOCUMENT_WORKER, true, "DOCUMENT_WORKER"),
      concurrency: positiveIntFromEnv(env.PDF_CONCURRENCY, 2, "PDF_CONCURRENCY"),
      retentionHours: positiveIntFromEnv(env.DOCUMENT_RETENTION_HOURS, 24, "DOCUMENT_RETENTION_HOURS"),
      cleanupCheckSeconds: intFromEnv(env.DOCUMENT_CLEANUP_CHECK_SECONDS, 600, "DOCUMENT_CLEANUP_CHECK_SECONDS"),
      renderUrl: env.PDF_RENDER_URL?.replace(/\/+$/, "") || undefined,
    },
    database: loadDatabasePoolConfig(env),
    loadShedding: loadLoadSheddingConfig(env),
  };
}
