import { loadConfig } from "./config.ts";
import { startServer } from "./start.ts";

const config = loadConfig();
const { app } = await startServer(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(0));
  });
}
