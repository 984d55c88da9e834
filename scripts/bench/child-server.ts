import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** A server the bench started in its own process, so its CPU is not the load generator's event loop. */
export interface ChildServer {
  baseUrl: string;
  /** The server's process id (the export stage reads its memory from /proc). */
  pid: number;
  /** Milliseconds from spawn to the first 200 from the health path. */
  startupMs: number;
  /** The end of what the server wrote (stdout and stderr), for a failure's explanation. */
  logTail(): string;
  stop(): Promise<void>;
}

const LOG_DIR = ".tmp/bench";
const running = new Set<ChildProcess>();

// A bench stopped by Ctrl-C or an error must not leave a server holding the port or the database.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGTERM");
    process.exit(130);
  });
}
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * The Node.js flags `npm run serve` gives the app (package.json; e.g. the young generation's size),
 * so the bench runs the server as it is run, and the bare server under the same runtime.
 */
export function serveNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const [, ...args] = pkg.scripts.serve.split(/\s+/); // "tsx", then its flags, then the script
  return args.filter((arg) => arg.startsWith("--"));
}

/**
 * Spawns `node <serve's flags> --import tsx <script>` with `env` (on top of this process's,
 * without its database settings), on a free port passed as PORT, and waits until `healthPath`
 * answers 200.
 */
export async function startChildServer(opts: {
  name: string;
  script: string;
  env: Record<string, string>;
  healthPath: string;
  timeoutMs?: number;
}): Promise<ChildServer> {
  const port = await freePort();
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${opts.name}.log`);
  const log = openSync(logFile, "w");
  const { DATABASE_URL: _url, DATA_DIR: _dir, DEMO: _demo, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [...serveNodeFlags(), "--import", "tsx", opts.script], {
    env: { ...inherited, ...opts.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  running.add(child);
  // Set by the exit handler; an object so the compiler does not assume it stays null.
  const state: { exited: string | null } = { exited: null };
  const exit = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      state.exited = signal ?? `code ${code}`;
      running.delete(child);
      resolve();
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 120_000);
  while (!(await answers200(`${baseUrl}${opts.healthPath}`))) {
    if (state.exited || performance.now() > deadline) {
      child.kill("SIGKILL");
      const why = state.exited ? `exited (${state.exited})` : "did not answer in time";
      throw new Error(`The ${opts.name} server ${why}. Its last words (${logFile}):\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid ?? 0,
    startupMs,
    logTail: () => tail(logFile),
    async stop() {
      if (state.exited) return;
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(killed);
    },
  };
}
