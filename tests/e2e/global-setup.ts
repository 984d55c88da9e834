import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../src/server/config.ts";
import { startServer } from "../../src/server/start.ts";
import { assertChromium } from "./chromium.ts";
import { startMessageReader } from "./delivered-messages.ts";
import { startJobControl } from "./job-control.ts";
import { linesHolding, phiInLog } from "./log-check.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    shortSessionUrl: string;
    /** Reads the main server's stored messages, live links included (delivered-messages.ts). */
    messageReaderUrl: string;
    /** Runs the reminder job on the main server's database with a clock the test sets (job-control.ts). */
    jobControlUrl: string;
  }
}

/** Seconds of inactivity on the short-session server: the warning shows after 6 s, sign-out at 16 s. */
const SHORT_SESSION = { timeout: 16, warningThreshhold: 6 };

async function startDemoServer(dataDir: string, settings: Record<string, unknown> = {}, logFile?: string) {
  const loaded = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
  // These servers share the test runner's process, so the event loop's delay is the runner's and the
  // other leg's (npm test runs both at once), not the server's: shedding on it would refuse the
  // browser's requests at random. Shedding itself is tested in tests/server/http/load-shedding.test.ts.
  const config = { ...loaded, demo: true, loadShedding: { ...loaded.loadShedding, maxEventLoopDelayMs: 0 } };
  // The main server logs at the default level to a file, checked for PHI and secrets at the end.
  const logger = logFile
    ? { level: "info", stream: { write: (line: string) => appendFileSync(logFile, line) } }
    : false;
  const { app, handle } = await startServer(config, { logger });
  for (const [key, value] of Object.entries(settings)) {
    await handle.db
      .insertInto("general_setting")
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url, db: handle.db, config };
}

export default async function setup(project: TestProject) {
  assertChromium();
  if (!process.env.E2E_SKIP_BUILD) {
    // The build users get: vitest sets NODE_ENV=test, and vite would inherit it and bundle React's
    // development build, slower and timed differently from what a clinic runs.
    const env = { ...process.env, NODE_ENV: "production" };
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit", env });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const dirs = [mkdtempSync(path.join(tmpdir(), "mbc-e2e-")), mkdtempSync(path.join(tmpdir(), "mbc-e2e-short-"))];
  const servers: FastifyInstance[] = [];
  const logFile = path.join(dirs[0], "server.log");
  const main = await startDemoServer(dirs[0], {}, logFile);
  servers.push(main.app);
  const reader = await startMessageReader(main.db);
  const jobs = await startJobControl(main.config, main.db, main.app.log);
  // The inactivity test needs a session measured in seconds, on a server of its own.
  const short = await startDemoServer(dirs[1], { session_configuration: SHORT_SESSION });
  servers.push(short.app);
  project.provide("baseUrl", main.url);
  project.provide("shortSessionUrl", short.url);
  project.provide("messageReaderUrl", reader.url);
  project.provide("jobControlUrl", jobs.url);
  return async () => {
    reader.server.close();
    jobs.server.close();
    const leaks = await phiInLog(main.db, logFile);
    // The lines themselves, so that a failed CI run shows whether it was a leak or a coincidence.
    const evidence = leaks.length > 0 ? linesHolding(readFileSync(logFile, "utf8"), leaks) : "";
    for (const app of servers) await app.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (leaks.length > 0) {
      // Vitest reports a teardown error but would still exit 0: fail the run explicitly.
      process.exitCode = 1;
      throw new Error(`The server log holds PHI or secrets (issue 8 §4): ${leaks.join("; ")}\n${evidence}`);
    }
  };
}
