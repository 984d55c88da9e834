import type { FieldKind } from "../../shared/schema/field-kind.ts";

/** The registered widget (index.tsx) each field kind gets when its form file names none. */
const WIDGET_BY_KIND: Partial<Record<FieldKind, string>> = {
  phone: "phone",
  date: "date",
  boolean: "checkbox",
  enum: "enumSelect",
  clinicians: "clinicians",
  clinicianTeams: "clinicianTeams",
  locations: "locations",
  location: "location",
  supervisors: "supervisors",
  programType: "programType",
  program: "program",
  measure: "measure",
  integerList: "numberList",
};

/** The widget a field of this kind gets when its form file names none (undefined: rjsf's default). */
export function widgetForKind(kind: FieldKind): string | undefined {
  return WIDGET_BY_KIND[kind];
}
