import { DataList, Stack, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Fragment, type ReactNode, useId, useMemo } from "react";
import { defaultBundle, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { type DetailField, detailSections } from "./details-sections.ts";
import { FieldValue } from "./FieldValue.tsx";

export interface SchemaDetailsProps {
  bundle?: SchemaBundle;
  /** A details file id, e.g. "details/patient.details.json". */
  detailsId: string;
  record: Record<string, unknown>;
  /**
   * A page's own view of a field that a label and a value cannot show (a patient user's linked
   * patients, as a table of links): shown under the section's other fields, in place of the value.
   */
  fieldViews?: Partial<Record<string, ReactNode>>;
}

/**
 * A record shown read-only from a details file: titled sections (landmarks a screen reader can
 * jump to), each a list of label/value pairs titled from the entity schema and formatted by
 * field kind. A field added to a section there shows here too.
 */
export function SchemaDetails({ bundle = defaultBundle, detailsId, record, fieldViews }: SchemaDetailsProps) {
  const sections = useMemo(() => detailSections(bundle, detailsId), [bundle, detailsId]);
  return (
    <Stack gap="lg">
      {sections.map((section) => (
        <DetailsSection
          key={section.title}
          title={section.title}
          fields={section.fields.filter((f) => !fieldViews?.[f.field])}
          views={section.fields.flatMap((f) =>
            fieldViews?.[f.field] ? [{ field: f.field, view: fieldViews[f.field] }] : [],
          )}
          record={record}
        />
      ))}
    </Stack>
  );
}

function DetailsSection(props: {
  title: string;
  fields: DetailField[];
  views: { field: string; view: ReactNode }[];
  record: Record<string, unknown>;
}) {
  const { title, fields, views, record } = props;
  const headingId = useId();
  // On a phone, labels go above values so a long email or name keeps the full width.
  const narrow = useMediaQuery("(max-width: 36em)");
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      {/* Under the page's h1, beside its other sections (a chart's measures and respondents). */}
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {fields.length > 0 && (
        <DataList withDivider labelWidth="12rem" orientation={narrow ? "vertical" : "horizontal"}>
          {fields.map((f) => (
            <DataList.Item key={f.field}>
              <DataList.ItemLabel>{f.title}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: "anywhere" }}>
                <FieldValue kind={f.kind} value={record[f.field]} enumLabels={f.enumLabels} />
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      )}
      {views.map(({ field, view }) => (
        <Fragment key={field}>{view}</Fragment>
      ))}
    </Stack>
  );
}
