import { loadConfig } from "./config.ts";
import { startServer } from "./start.ts";
import { StartupError } from "./startup-error.ts";

// Files this process creates are its own (0600, directories 0700): DATA_DIR holds PHI (data-dir.ts).
process.umask(0o077);

/** A set-up fault (a bad environment variable, DATA_DIR, a secret) ends the start with its one line. */
function refuseToStart(err: unknown): never {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // loadConfig's errors are all about environment variables, each already one sentence.
  refuseToStart(err);
}
const { app } = await startServer(config).catch((err: unknown) => {
  if (err instanceof StartupError) refuseToStart(err);
  throw err;
});
await app.listen({ port: config.port, host: config.host });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(0));
  });
}
