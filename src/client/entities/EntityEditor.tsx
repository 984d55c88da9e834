import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { refreshEntity, rememberSaved, saveEntity } from "./entity-api.ts";
import { capitalized, type EntityDefinition, type StoredRecord } from "./entity-definition.ts";
import { RecordForm } from "./RecordForm.tsx";
import type { FieldCheck } from "./useFieldCheck.ts";
import type { SaveBody } from "./useRecordSave.ts";

export interface EntityEditorProps<Row extends StoredRecord> {
  /** Its formId gives the fields; its addresses where the record goes. */
  entity: EntityDefinition & { formId: string };
  /** The stored record, as loaded (RecordLoader); omitted when adding one. */
  record?: Row;
  /** RecordLoader's reload: after a stale save, Reload restarts the form from the latest copy. */
  reload?: () => Promise<Row | undefined>;
  /** Where the page goes once saved: the list, or the record's own page. */
  afterSave: (saved: Row) => string;
  /** Where Cancel leads. */
  cancelTo: string;
  /** A value the server checks when its field is left (an MRN, a provider id, a team name). */
  fieldCheck?: FieldCheck;
  /** Told of a save before the page moves on, e.g. to explain what the server changed. */
  onSaved?: (saved: Row, sent: SaveBody) => void;
}

/**
 * Adds or edits a record of an entity from its form file: "Save {noun}" and Cancel, field errors
 * under their fields, toasts ("{Noun} added", "{Noun} updated"), the version of the record with
 * every update and Reload when someone else saved first (RecordForm). Once saved, the entity's
 * lists, records and pick lists are refreshed and the page moves on.
 */
export function EntityEditor<Row extends StoredRecord>(props: EntityEditorProps<Row>) {
  const { entity, record, reload, afterSave, cancelTo, fieldCheck, onSaved } = props;
  const navigate = useNavigate();
  const client = useQueryClient();
  const noun = capitalized(entity.noun);
  return (
    <RecordForm<Row>
      formId={entity.formId}
      record={record}
      reload={reload}
      save={(body) => saveEntity<Row>(entity, record?.id, body)}
      submitLabel={`Save ${entity.noun}`}
      success={record ? `${noun} updated` : `${noun} added`}
      failure={`The ${entity.noun} could not be saved`}
      fieldCheck={fieldCheck}
      onSaved={async (saved, sent) => {
        onSaved?.(saved, sent);
        rememberSaved(client, entity, saved);
        // The page is leaving: what it shows next asks again for what is now stale.
        await refreshEntity(client, entity, "none");
        navigate(afterSave(saved));
      }}
    >
      <Button variant="default" component={Link} to={cancelTo}>
        Cancel
      </Button>
    </RecordForm>
  );
}
