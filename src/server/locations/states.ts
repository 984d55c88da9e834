import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";

export interface UsState {
  code: string;
  name: string;
}

/** The states, DC and territories of schemas/enums/state.json, in the file's order. */
export function usStates(bundle: SchemaBundle): UsState[] {
  return enumOptions(schemaById(bundle, "enums/state.json")).map((o) => ({ code: String(o.value), name: o.label }));
}

/** State names by code, for the state_name of a location. */
export function stateNames(bundle: SchemaBundle): Map<string, string> {
  return new Map(usStates(bundle).map((s) => [s.code, s.name]));
}
