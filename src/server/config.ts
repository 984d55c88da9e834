import { readFileSync } from "node:fs";
import path from "node:path";

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: intFromEnv(env.PORT, 3000, "PORT"),
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
  };
}
