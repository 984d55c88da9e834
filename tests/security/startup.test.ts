import { spawn } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveTokenSecret } from "../../src/server/auth/token-secret.ts";
import { connectDatabase } from "../../src/server/db/connect.ts";
import { makePrivate } from "../../src/server/db/data-dir.ts";

const ROOT = path.join(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "mbc-startup-"));
chmodSync(scratch, 0o755); // so the unprivileged user of the read-only case can reach its DATA_DIR
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** A fresh path under the scratch directory (not created). */
const freshPath = () => path.join(scratch, `d${++n}`);

/** Starts the server as `npm start` does (main.ts) and returns how the start ended. */
function startServer(
  env: Record<string, string>,
  opts: { uid?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), PORT: "0", LOG_LEVEL: "silent", ...env },
      ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The start failed with exit 1 and exactly one line naming DATA_DIR and matching `what`. */
async function expectOneLine(env: Record<string, string>, what: RegExp, opts: { uid?: number } = {}) {
  const { code, stdout, stderr } = await startServer(env, opts);
  expect(code, stderr).toBe(1);
  expect(stdout).toBe("");
  const lines = stderr.trimEnd().split("\n");
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start: /);
  expect(lines[0]).toMatch(what);
  return lines[0];
}

/** Every path under dir whose mode lets group or others in. */
function exposedPaths(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if ((stat.mode & 0o077) !== 0) out.push(`${p} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}

describe("start-up faults end the start with one line naming DATA_DIR, the cause and what to do", () => {
  it("a DATA_DIR holding someone else's files (a home directory, a mistyped path)", async () => {
    const dir = freshPath();
    mkdirSync(dir);
    writeFileSync(path.join(dir, "notes.txt"), "not ours");
    const line = await expectOneLine({ DATA_DIR: dir }, /holds files this server did not create \(notes\.txt\)/);
    expect(line).toContain(`DATA_DIR (${dir})`);
    expect(line).toMatch(/Set DATA_DIR to an empty directory/);
    expect(readdirSync(dir)).toEqual(["notes.txt"]); // nothing written into it
  });

  it("a DATA_DIR whose pglite/ is not a PGlite database", async () => {
    const dir = freshPath();
    mkdirSync(path.join(dir, "pglite"), { recursive: true });
    writeFileSync(path.join(dir, "pglite", "base.tar"), "x");
    await expectOneLine({ DATA_DIR: dir }, /pglite\/ is not a PGlite database \(no PG_VERSION\)\. Move it away/);
  });

  it("a DATA_DIR that is a file, or cannot be created", async () => {
    const file = freshPath();
    writeFileSync(file, "x");
    await expectOneLine({ DATA_DIR: file }, /is not a directory\. Set DATA_DIR to a directory/);
    await expectOneLine({ DATA_DIR: path.join(file, "below") }, /cannot be created \(ENOTDIR: mkdir failed\)/);
  });

  it("a read-only DATA_DIR", async () => {
    const dir = freshPath();
    mkdirSync(dir);
    // Root writes anywhere, so the read-only case runs the server as an unprivileged user.
    const asRoot = process.getuid?.() === 0;
    chmodSync(dir, asRoot ? 0o755 : 0o500);
    await expectOneLine(
      { DATA_DIR: dir },
      /is not writable \(EACCES: open failed\)\. Give the server's user write access/,
      {
        uid: asRoot ? 65534 : undefined,
      },
    );
  });

  it("a corrupt database: the PGlite failure is one line, not minified source", async () => {
    const dir = freshPath();
    const handle = await connectDatabase({ dataDir: dir });
    await handle.close();
    writeFileSync(path.join(dir, "pglite", "global", "pg_control"), "");
    const line = await expectOneLine({ DATA_DIR: dir }, /the embedded database in pglite\/ could not be opened/);
    expect(line).toMatch(/Restore pglite\/ from a backup, or move it away/);
  }, 60_000);

  it("a token-secret file that is empty or shorter than 32 characters, like TOKEN_SECRET", async () => {
    for (const [content, says] of [
      ["", /token-secret holds no secret \(it is empty\), and at least 32 are needed/],
      ["short-secret", /token-secret holds a secret of 12 characters, and at least 32 are needed/],
      [`${"x".repeat(31)}\n`, /a secret of 31 characters/],
    ] as const) {
      const dir = freshPath();
      mkdirSync(dir);
      writeFileSync(path.join(dir, "token-secret"), content);
      const line = await expectOneLine({ DATA_DIR: dir }, says);
      expect(line).toMatch(/Delete the file to have a new secret generated/);
    }
    await expectOneLine({ DATA_DIR: freshPath(), TOKEN_SECRET: "too-short" }, /TOKEN_SECRET must be at least 32/);
    expect(() => resolveTokenSecret({ dataDir: scratch, tokenSecret: "s".repeat(32) })).not.toThrow();
    // Four servers started one after another: on a loaded 2-core machine each takes seconds to start.
  }, 120_000);
});

describe("the embedded database's files are private to the server's user", () => {
  it("DATA_DIR is 0700, its directories 0700 and its files 0600, WAL included", async () => {
    const dir = freshPath();
    const handle = await connectDatabase({ dataDir: dir });
    try {
      await handle.db.schema.createTable("wal_probe").addColumn("name", "text").execute();
      expect(lstatSync(dir).mode & 0o777).toBe(0o700);
      expect(exposedPaths(dir)).toEqual([]);
      expect(readdirSync(path.join(dir, "pglite", "pg_wal")).length).toBeGreaterThan(0);
      resolveTokenSecret({ dataDir: dir });
      expect(lstatSync(path.join(dir, "token-secret")).mode & 0o777).toBe(0o600);
    } finally {
      await handle.close();
    }
    // Closing leaves nothing open to others either.
    expect(exposedPaths(dir)).toEqual([]);
  }, 60_000);

  it("a DATA_DIR left world-readable by an older version is made private at start", async () => {
    const dir = freshPath();
    await (await connectDatabase({ dataDir: dir })).close();
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, "pglite"), 0o755);
    writeFileSync(path.join(dir, "token-secret"), "t".repeat(48), { mode: 0o644 });
    chmodSync(path.join(dir, "token-secret"), 0o644);
    chmodSync(path.join(dir, "pglite", "PG_VERSION"), 0o666);
    expect(exposedPaths(dir).length).toBeGreaterThan(0);
    const handle = await connectDatabase({ dataDir: dir });
    await handle.close();
    resolveTokenSecret({ dataDir: dir });
    expect(exposedPaths(dir)).toEqual([]);
  }, 60_000);

  it("the running sweep puts a file PGlite created 0666 back to 0600, and never touches a stranger's files", () => {
    const dir = freshPath();
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const segment = path.join(dir, "pglite", "base", "16384");
    writeFileSync(segment, "x");
    chmodSync(segment, 0o666);
    const outside = path.join(dir, "notes.txt");
    writeFileSync(outside, "x");
    chmodSync(outside, 0o644);
    makePrivate(dir);
    expect(lstatSync(segment).mode & 0o777).toBe(0o600);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
  });
});
