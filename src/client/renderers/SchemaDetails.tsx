import { DataList } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo } from "react";
import { defaultBundle, enumOptions, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { entityProperty } from "../../shared/schema/field-kind.ts";
import { FieldValue } from "./FieldValue.tsx";
import { formDefinition } from "./form-definition.ts";

export interface SchemaDetailsProps {
  bundle?: SchemaBundle;
  /** The form file whose fields (and order) the view shows, e.g. "forms/patient.form.json". */
  formId: string;
  record: Record<string, unknown>;
  /** Names the section holding the details (a landmark screen readers can jump to). */
  label: string;
}

/**
 * A record shown read-only as label/value pairs: the same fields, order and titles as its
 * form, each value formatted by its field kind. A field added to the entity shows here too.
 */
export function SchemaDetails({ bundle = defaultBundle, formId, record, label }: SchemaDetailsProps) {
  const def = useMemo(() => formDefinition(bundle, formId), [bundle, formId]);
  // On a phone, labels go above values so a long email or name keeps the full width.
  const narrow = useMediaQuery("(max-width: 36em)");
  return (
    <section aria-label={label}>
      <DataList withDivider labelWidth="12rem" orientation={narrow ? "vertical" : "horizontal"}>
        {def.fields.map((field) => {
          const kind = def.kinds[field];
          const property = entityProperty(bundle, def.entityId, field);
          const labels = kind === "enum" && property ? enumOptions(property) : undefined;
          return (
            <DataList.Item key={field}>
              <DataList.ItemLabel>{def.titles[field]}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: "anywhere" }}>
                <FieldValue kind={kind} value={record[field]} enumLabels={labels} />
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList>
    </section>
  );
}
