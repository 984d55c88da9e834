import { DataList } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { defaultBundle, enumOptions } from "../../../shared/schema/bundle.ts";
import { entityProperty, fieldKind } from "../../../shared/schema/field-kind.ts";
import { FieldValue } from "../../renderers/FieldValue.tsx";

export interface RecordFactsProps {
  /** The entity whose (read-only) fields these are, e.g. "entities/clinical-user.json". */
  entityId: string;
  fields: readonly string[];
  record: Record<string, unknown>;
  label: string;
}

/**
 * Read-only facts of a record that its form does not edit (status, username, last activity),
 * titled and formatted from the entity schema like every other field.
 */
export function RecordFacts({ entityId, fields, record, label }: RecordFactsProps) {
  const narrow = useMediaQuery("(max-width: 36em)");
  return (
    <section aria-label={label}>
      <DataList withDivider labelWidth="12rem" orientation={narrow ? "vertical" : "horizontal"}>
        {fields.map((field) => {
          const property = entityProperty(defaultBundle, entityId, field);
          if (!property) return null;
          const kind = fieldKind(property);
          return (
            <DataList.Item key={field}>
              <DataList.ItemLabel>{String(property.title ?? field)}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: "anywhere" }}>
                <FieldValue
                  kind={kind}
                  value={record[field]}
                  enumLabels={kind === "enum" ? enumOptions(property) : undefined}
                />
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList>
    </section>
  );
}
