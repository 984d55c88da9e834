import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { SchemaDetails } from "../renderers/SchemaDetails.tsx";
import { capitalized, type EntityDefinition, type StoredRecord } from "./entity-definition.ts";
import { RecordLoader } from "./RecordLoader.tsx";

export interface EntityViewProps<Row extends StoredRecord> {
  /** Its detailsId gives what the page shows; its title names the record in the heading. */
  entity: EntityDefinition & { detailsId: string };
  /** The id from the address. */
  id: string;
  /** The list this record belongs to: a link above the heading, and the way back when it is missing. */
  listTo: string;
  /** The record's edit page, when the viewer may edit it ("Edit {noun}"). */
  editTo?: (record: Row) => string | undefined;
  /** Said under the heading (why a record is edited elsewhere). */
  notice?: (record: Row) => ReactNode;
  /** Shown before and after the details (a chart's measures, its respondents). */
  before?: (record: Row) => ReactNode;
  after?: (record: Row) => ReactNode;
  /** A page's own view of fields a label and a value cannot show (linked patients, as links). */
  fieldViews?: (record: Row) => Partial<Record<string, ReactNode>>;
}

/**
 * A record's read-only page: a link back to its list, the record's name with "Edit {noun}", then
 * the sections of its details file. What is particular to a page comes in through the slots.
 */
export function EntityView<Row extends StoredRecord>(props: EntityViewProps<Row>) {
  const { entity, id, listTo, editTo, notice, before, after, fieldViews } = props;
  return (
    <RecordLoader<Row> entity={entity} id={id} backTo={{ label: `Back to ${entity.plural}`, to: listTo }}>
      {(record) => {
        const edit = editTo?.(record);
        return (
          <Stack gap="md" maw={880}>
            <Anchor component={Link} to={listTo} size="sm">
              ← {capitalized(entity.plural)}
            </Anchor>
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={1}>{entity.title(record)}</Title>
              {edit && (
                <Button component={Link} to={edit}>
                  Edit {entity.noun}
                </Button>
              )}
            </Group>
            {notice?.(record)}
            {before?.(record)}
            <SchemaDetails detailsId={entity.detailsId} record={record} fieldViews={fieldViews?.(record)} />
            {after?.(record)}
          </Stack>
        );
      }}
    </RecordLoader>
  );
}
