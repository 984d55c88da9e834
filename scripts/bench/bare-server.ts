/**
 * The limit the patient read is measured against (issue 12 §1): a bare Fastify answering a
 * patient row read by primary key, with no sign-in, access rule or audit, on the same database
 * as the app. Run by the bench in its own process (PORT, and DATABASE_URL or DATA_DIR).
 */
import Fastify from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { connectDatabase } from "../../src/server/db/connect.ts";

type ReadPatient = (id: number) => Promise<unknown>;

async function patientReader(): Promise<{ read: ReadPatient; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // The app's pool size (src/server/db/connect.ts), so the limit has the same connections.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      read: async (id) => (await pool.query("select * from patient where id = $1", [id])).rows[0],
      close: () => pool.end(),
    };
  }
  // The embedded database: its one connection, opened as the app opens it (DATA_DIR kept private).
  const handle = await connectDatabase({ databaseUrl: undefined, dataDir: process.env.DATA_DIR ?? "./data" });
  return {
    read: async (id) => (await sql`select * from patient where id = ${id}`.execute(handle.db)).rows[0],
    close: () => handle.close(),
  };
}

const reader = await patientReader();
const app = Fastify({ logger: false });
app.get("/health", async () => ({ status: "ok" }));
app.get<{ Params: { id: string } }>("/patients/:id", async (request, reply) => {
  const row = await reader.read(Number(request.params.id));
  if (!row) return reply.code(404).send({ error: "not found" });
  return row;
});
app.addHook("onClose", async () => reader.close());
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
