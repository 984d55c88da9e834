import { existsSync } from "node:fs";
import path from "node:path";
import { type RawBuilder, sql } from "kysely";
import { connectDatabase, type DbHandle } from "../../src/server/db/connect.ts";
import { PGLITE_SUBDIR } from "../../src/server/db/data-dir.ts";
import type { RunFacts } from "./measurement.ts";

/** The chart the overview and alert-list scenarios read: the one whose session count is nearest 200. */
export interface BusyChart {
  ccauId: number;
  patientId: number;
  sessions: number;
}

/** A stored answer, as the answer-save check reads it back. */
export interface StoredAnswer {
  clientMeasureId: number;
  questionId: string;
  value: unknown;
  seq: number;
}

/**
 * The bench's own look at the database, outside the server: facts for the report, samples for
 * the scenarios, and the read-back of saved answers. The embedded database has one owner at a
 * time, so the bench opens it only while no server runs (before the servers start, after they stop).
 */
export class DatabaseProbe {
  private constructor(
    private readonly handle: DbHandle,
    readonly kind: "postgres" | "embedded",
  ) {}

  static async open(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseProbe> {
    if (!opts.databaseUrl && !existsSync(path.join(opts.dataDir, PGLITE_SUBDIR)))
      throw new Error(
        `No embedded database in ${opts.dataDir}: run npm run generate (or npm start once for the demo), or pass --database.`,
      );
    const handle = await connectDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
    return new DatabaseProbe(handle, opts.databaseUrl ? "postgres" : "embedded");
  }

  private async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(this.handle.db)).rows;
  }

  /** Any statement's rows (the explorer comparison's hand-written SQL). */
  async query<T>(statement: RawBuilder<T>): Promise<T[]> {
    return this.rows(statement);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  async facts(): Promise<RunFacts["database"]> {
    const [row] = await this.rows(sql<{ version: string; patients: number; scored: number; size: number }>`
      select version() as version,
        (select count(*) from patient) as patients,
        (select count(*) from client_measure where status = 'submitted') as scored,
        pg_database_size(current_database()) as size`);
    return {
      kind: this.kind,
      version: row.version,
      patients: Number(row.patients),
      scoredSessions: Number(row.scored),
      sizeBytes: Number(row.size),
    };
  }

  /** Up to `limit` patients spread over the whole table (not the first ids): ids and MRNs. */
  async samplePatients(limit: number): Promise<{ id: number; mrn: string }[]> {
    return this.rows(sql<{ id: number; mrn: string }>`
      select id, mrn from patient order by md5(id::text) limit ${limit}`);
  }

  /** The commonest three-letter starts of last names ("Smi"): what a name search types. */
  async namePrefixes(limit: number): Promise<string[]> {
    const rows = await this.rows(sql<{ prefix: string }>`
      select left(last_name, 3) as prefix from patient where length(last_name) >= 3
      group by 1 order by count(*) desc, 1 limit ${limit}`);
    return rows.map((r) => r.prefix);
  }

  async busiestChartNear(sessions: number): Promise<BusyChart | null> {
    const [row] = await this.rows(sql<{ ccau_id: number; patient_id: number; n: number }>`
      select cu.id as ccau_id, c.patient_id, count(*) as n
      from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id
      join client_clinic_assignment c on c.id = cu.cca_id
      where cm.status = 'submitted' and cu.deleted_at is null
      group by cu.id, c.patient_id
      order by abs(count(*) - ${sessions}), cu.id
      limit 1`);
    return row ? { ccauId: Number(row.ccau_id), patientId: Number(row.patient_id), sessions: Number(row.n) } : null;
  }

  /** Which of these usernames have an account (case-insensitive, as sign-in matches them). */
  async existingUsernames(usernames: string[]): Promise<Set<string>> {
    const rows = await this.rows(sql<{ username: string }>`
      select lower(username) as username from app_user
      where lower(username) in (${sql.join(usernames.map((u) => u.toLowerCase()))})`);
    return new Set(rows.map((r) => r.username));
  }

  async storedAnswers(clientMeasureIds: number[]): Promise<StoredAnswer[]> {
    if (clientMeasureIds.length === 0) return [];
    const rows = await this.rows(sql<{
      client_measure_id: number;
      question_id: string;
      value: unknown;
      client_seq: number;
    }>`
      select client_measure_id, question_id, value, client_seq from answer
      where client_measure_id in (${sql.join(clientMeasureIds)})`);
    return rows.map((r) => ({
      clientMeasureId: Number(r.client_measure_id),
      questionId: r.question_id,
      value: r.value,
      seq: Number(r.client_seq),
    }));
  }
}
