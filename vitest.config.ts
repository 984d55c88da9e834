import { configDefaults, defineConfig } from "vitest/config";
import { HeaviestFirst } from "./tests/heaviest-first.ts";

/**
 * Test files that replace modules (vi.mock), fake timers or spy on the app's modules, and every
 * client test (jsdom, module mocks): each runs in a fresh module graph.
 */
const ISOLATED = [
  "tests/client/**/*.test.{ts,tsx}",
  "tests/security/access-matrix.test.ts",
  "tests/security/fuzz.test.ts",
  "tests/security/brute-force.test.ts",
  "tests/security/uniform-duration.test.ts",
  "tests/server/http/page-cap.test.ts",
  "tests/server/openapi/openapi.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers fit this machine's 2 cores.
    maxWorkers: 2,
    // Worker threads rather than child processes: the whole leg ran in 451 s instead of 510 and
    // used 12% less of the machine (822 against 937 busy core-seconds, both databases, alone on
    // this 2-core machine, 2026-11-28). Nothing in the suite needs a process of its own (no chdir;
    // each thread keeps its own process.env).
    pool: "threads",
    snapshotFormat: { printBasicPrototype: false },
    sequence: { sequencer: HeaviestFirst },
    // @rjsf/mantine's ESM imports "dayjs/plugin/customParseFormat" without an extension, which
    // Node's loader rejects; letting Vite resolve it (as the browser build does) fixes that.
    server: { deps: { inline: ["@rjsf/mantine"] } },
    projects: [
      {
        extends: true,
        test: { name: "isolated", include: ISOLATED, setupFiles: ["tests/client/testing-library-timeout.ts"] },
      },
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/{server,shared,schemas,security}/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // API tests build their own app and database per file and share no state through
          // modules, so a worker keeps the server's modules loaded between files: importing the
          // app anew for each of some 150 files cost about a quarter of this leg's time.
          isolate: false,
        },
      },
    ],
  },
});
