import type { EntityDefinition } from "../../entities/entity-definition.ts";

/** A program type as the server answers (entities/program-type.json with its readOnly fields). */
export type ProgramTypeRecord = {
  id: number;
  name: string;
  version?: number;
} & Record<string, unknown>;

export const programTypeEntity = {
  resource: "program-types",
  noun: "program type",
  plural: "program types",
  title: (record) => String(record.name ?? ""),
  formId: "forms/program-type.form.json",
  tableId: "tables/program-types.table.json",
  listPath: "program-types",
  recordPath: (id) => `program-types/${encodeURIComponent(id)}`,
  createPath: "program-types",
} satisfies EntityDefinition;
