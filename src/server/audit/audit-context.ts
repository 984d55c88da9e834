import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { AuditEvent } from "./audit-event.ts";
import type { AuditWriter } from "./audit-writer.ts";
import type { RouteAudit } from "./route-audit.ts";

/** The request being served, so code deep in a write (record history) can audit in its transaction. */
export interface AuditScope {
  request: FastifyRequest;
  writer: AuditWriter;
  /** What the route records (route-audit.ts). */
  audit: RouteAudit;
  /** Builds the request's event with this action, record and outcome; the hook owns who/where. */
  event(
    parts: Pick<AuditEvent, "action" | "recordType" | "recordId" | "outcome"> & { status: number | null },
  ): AuditEvent;
  /**
   * The record the route found, when its path cannot name it (a document by its uuid): set by
   * the handler, so the event names the record and the patient it belongs to.
   */
  found?: { recordType: string; recordId: number; patientId: number | null };
  /** Set once a write of this request appended its event in its own transaction. */
  wroteInTransaction: boolean;
  /** Set once the answer's event has been handed to the writer (audit-hook.ts): one per request. */
  recorded: boolean;
}

export const auditScope = new AsyncLocalStorage<AuditScope>();

/**
 * Appends "<entity>.<create|update|delete>" for a record change inside the transaction making it,
 * so the change and its audit event commit together or not at all. Outside a request (seeding,
 * migrations) there is no one to audit and nothing is written.
 */
export async function auditRecordChange(
  trx: Kysely<Database>,
  change: { entity: string; entityId: number; version: number; deleted: boolean },
): Promise<void> {
  const scope = auditScope.getStore();
  if (!scope) return;
  const op = change.deleted ? "delete" : change.version === 1 ? "create" : "update";
  const event = scope.event({
    action: `${change.entity}.${op}`,
    recordType: change.entity,
    recordId: change.entityId,
    outcome: "success",
    status: null,
  });
  event.detail = { ...event.detail, version: change.version };
  await scope.writer.append(trx, event);
  scope.wroteInTransaction = true;
}
