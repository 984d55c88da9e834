import { hash, verify } from "@node-rs/argon2";
import { sql } from "kysely";

// Argon2id (the library default) with OWASP's suggested floor: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with a memory-hard KDF; the salt and parameters travel inside the hash string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches. A malformed stored hash counts as a mismatch, never a crash. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random string, verified against when the username is unknown, so both cases take as long. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

/**
 * The app_user columns every save of a new password sets: the hash and when it changed, and the
 * lockout cleared, since the person has just proved who they are (a setup link, a reset key,
 * their current password). The status is the caller's: each flow ends in its own.
 */
export function newPasswordColumns(passwordHash: string) {
  return {
    password_hash: passwordHash,
    password_changed_at: sql<Date>`now()`,
    failed_logins: 0,
    locked_until: null,
    updated_at: sql<Date>`now()`,
  };
}
