import { api } from "../../api/http.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";

/** A program as the server answers (entities/program.json with its readOnly fields). */
export type ProgramRecord = {
  id: number;
  name: string;
  version?: number;
} & Record<string, unknown>;

export const programEntity = {
  resource: "programs",
  noun: "program",
  plural: "programs",
  title: (record) => String(record.name ?? ""),
  formId: "forms/program.form.json",
  tableId: "tables/programs.table.json",
  detailsId: "details/program.details.json",
  listPath: "programs",
  recordPath: (id) => `programs/${encodeURIComponent(id)}`,
  createPath: "programs",
  lookups: ["program"],
} satisfies EntityDefinition;

/** A measure a program assigns (api/responses/program-measure.json). */
export interface ProgramMeasure {
  id: number;
  measure_id: number;
  name: string;
  abbreviation: string;
  frequency: number;
  respondent_kind: string;
  timing: "admission" | "discharge";
  auto_complete: boolean;
  is_scorable: boolean;
}

export const programMeasuresKey = (programId: string) => ["entity", "programs", "measures", programId] as const;

export const programMeasures = (programId: string, signal?: AbortSignal) =>
  api<{ rows: ProgramMeasure[] }>(`programs/${programId}/measures`, { signal });

export const addProgramMeasure = (programId: string, body: Record<string, unknown>) =>
  api<{ rows: ProgramMeasure[] }>(`programs/${programId}/measures`, { method: "POST", body });

export const removeProgramMeasure = (programId: string, programMeasureId: number) =>
  api<null>(`programs/${programId}/measures/${programMeasureId}`, { method: "DELETE" });
