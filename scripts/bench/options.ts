import path from "node:path";

/** What `npm run bench -- ...` was asked to do (docs/benchmarks.md, "Running it"). */
export interface BenchOptions {
  /** A PostgreSQL server; undefined: the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  durationSeconds: number;
  /** Load before each scenario's measured run, not counted: caches, JIT and pool are warm. */
  warmupSeconds: number;
  /** Connections of every scenario but those that name their own (answer save: 100). */
  connections: number;
  /** Scenario ids to run; undefined: all. */
  only: string[] | undefined;
  out: string;
}

export const USAGE = `npm run bench -- [options]
  --database URL       PostgreSQL server to measure (default: DATABASE_URL; else the embedded DATA_DIR)
  --duration SECONDS   length of each scenario (default 10)
  --warmup SECONDS     unmeasured load before each scenario (default 2; 0 for none)
  --connections N      concurrent connections (default 50; answer save always uses 100)
  --only ID[,ID...]    run only these scenarios (ids as in the table's first column; explorer, export: the analytics stages)
  --out FILE           where the report section goes (default docs/benchmarks.md)`;

function positiveInt(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${value ?? ""}"`);
  return n;
}

/** Parses argv (without node and the script); throws an Error with one sentence on a bad option. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const options: BenchOptions = {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    durationSeconds: 10,
    warmupSeconds: 2,
    connections: 50,
    only: undefined,
    out: "docs/benchmarks.md",
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--database":
        options.databaseUrl = value();
        break;
      case "--duration":
        options.durationSeconds = positiveInt(flag, value());
        break;
      case "--warmup": {
        const v = value();
        options.warmupSeconds = v === "0" ? 0 : positiveInt(flag, v);
        break;
      }
      case "--connections":
        options.connections = positiveInt(flag, value());
        break;
      case "--only":
        options.only = value()
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case "--out":
        options.out = value();
        break;
      default:
        throw new Error(`Unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  return options;
}
