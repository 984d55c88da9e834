import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/{server,client,shared,schemas,security}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers fit this machine's 2 cores.
    maxWorkers: 2,
    snapshotFormat: { printBasicPrototype: false },
    // @rjsf/mantine's ESM imports "dayjs/plugin/customParseFormat" without an extension, which
    // Node's loader rejects; letting Vite resolve it (as the browser build does) fixes that.
    server: { deps: { inline: ["@rjsf/mantine"] } },
  },
});
