import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The access-token signing secret. On the embedded default it is generated once and kept in
 * DATA_DIR (mode 600) so tokens survive a restart; with DATABASE_URL it must be given as
 * TOKEN_SECRET, because several nodes must share it and a generated one would differ per node.
 */
export function resolveTokenSecret(opts: { tokenSecret?: string; databaseUrl?: string; dataDir: string }): string {
  if (opts.tokenSecret) {
    if (opts.tokenSecret.length < 32) throw new Error("TOKEN_SECRET must be at least 32 characters.");
    return opts.tokenSecret;
  }
  if (opts.databaseUrl)
    throw new Error("TOKEN_SECRET is required when DATABASE_URL is set (every node must share it).");
  const file = path.join(opts.dataDir, "token-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(opts.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
