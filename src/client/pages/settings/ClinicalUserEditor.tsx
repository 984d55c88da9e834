import { EntityEditor } from "../../entities/EntityEditor.tsx";
import type { SaveBody } from "../../entities/useRecordSave.ts";
import { toastInfo } from "../../notifications/toast.ts";
import { type ClinicalUserRecord, clinicalUserEntity, providerIdCheck } from "./clinical-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const toList = () => settingsPaths.clinicalUsers;

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/**
 * The supervisor rule (spec §4) is the server's: a supervisor's supervisors are dropped, and only
 * a supervisor keeps supervised clinicians. When a save dropped what the form held, say so.
 */
function explainSupervision(saved: ClinicalUserRecord, sent: SaveBody): void {
  if (count(sent.superiors) > 0 && saved.superiors.length === 0) {
    toastInfo("A supervisor cannot be supervised, so this user's supervisors were removed.");
  }
  if (count(sent.subordinates) > 0 && saved.subordinates.length === 0) {
    toastInfo("Only a supervisor supervises clinicians, so the supervised clinicians were removed.");
  }
}

/**
 * Add or edit a clinical user (forms/clinical-user.form.json): locations, roles (those an admin
 * may give), supervisors and supervised clinicians. The provider id is checked when its field is
 * left (spec §5 'Id already in use'); the server checks it again on save.
 */
export function ClinicalUserEditor(props: {
  user?: ClinicalUserRecord;
  reload?: () => Promise<ClinicalUserRecord | undefined>;
}) {
  return (
    <EntityEditor
      entity={clinicalUserEntity}
      record={props.user}
      reload={props.reload}
      afterSave={toList}
      cancelTo={settingsPaths.clinicalUsers}
      fieldCheck={providerIdCheck}
      onSaved={explainSupervision}
    />
  );
}
