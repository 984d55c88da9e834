import { defineConfig } from "vitest/config";

// End-to-end: the real server (built client, demo clinic on PGlite) driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One browser at a time: the machine has two cores and the server is in the setup process.
    fileParallelism: false,
    // Within a file, tests marked concurrent (the every-route axe walks, one page each) run this
    // many at a time: a walk mostly waits for the app, so five keep the browser and server busy.
    maxConcurrency: 5,
  },
});
