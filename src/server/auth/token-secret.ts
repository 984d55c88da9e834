import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TOKEN_SECRET_FILE } from "../db/data-dir.ts";
import { StartupError } from "../startup-error.ts";

/** Shortest signing secret accepted, from TOKEN_SECRET or DATA_DIR's file alike (HS256 wants 256 bits). */
export const MIN_SECRET_LENGTH = 32;

/**
 * The access-token signing secret. On the embedded default it is generated once and kept in
 * DATA_DIR (mode 600) so tokens survive a restart; with DATABASE_URL it must be given as
 * TOKEN_SECRET, because several nodes must share it and a generated one would differ per node.
 * A secret too short to sign safely is refused at start wherever it comes from (issue 8 §7).
 * Embedded callers check DATA_DIR first (prepareDataDir), so the file lands in a private directory.
 */
export function resolveTokenSecret(opts: { tokenSecret?: string; databaseUrl?: string; dataDir: string }): string {
  if (opts.tokenSecret) {
    if (opts.tokenSecret.length < MIN_SECRET_LENGTH)
      throw new StartupError(
        `TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters (it has ${opts.tokenSecret.length}). Set a longer one, e.g. the output of: openssl rand -base64 48`,
      );
    return opts.tokenSecret;
  }
  if (opts.databaseUrl)
    throw new StartupError(
      "TOKEN_SECRET is required when DATABASE_URL is set (every node must share it). Set it to at least 32 random characters, e.g. the output of: openssl rand -base64 48",
    );
  const file = path.join(opts.dataDir, TOKEN_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length < MIN_SECRET_LENGTH)
      throw new StartupError(
        `DATA_DIR (${opts.dataDir}): ${TOKEN_SECRET_FILE} holds ${secret.length === 0 ? "no secret (it is empty)" : `a secret of ${secret.length} characters`}, and at least ${MIN_SECRET_LENGTH} are needed. Delete the file to have a new secret generated (everyone signs in again), or set TOKEN_SECRET.`,
      );
    chmodSync(file, 0o600);
    return secret;
  }
  const secret = randomBytes(48).toString("base64url");
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
