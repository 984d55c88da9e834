import { NativeSelect } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { allowedPatientViews, type PatientView } from "../../../shared/permissions.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { EntityListPage, type ListAnswer } from "../../entities/EntityListPage.tsx";
import { useAddressUpdate } from "../../entities/list-state.ts";
import { toastError } from "../../notifications/toast.ts";
import { usePatientPermissions } from "./PatientPermissions.tsx";
import { type PatientRecord, patientEntity, savePatientsView } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";
import { readPatientView } from "./patient-view.ts";

const viewLabels = new Map(
  enumOptions(schemaById(defaultBundle, "enums/patient-view.json")).map((o) => [o.value, o.label]),
);

const rowHref = (row: PatientRecord) => patientPaths.view(row.id);
/** The status filter follows the user (spec §3 patientsStatusSelector); the view has its own select below. */
const SAVED_FILTERS = {
  keys: { status: "patientsStatusSelector" },
  keep: (field: string) => field !== "view",
} as const;

/** /clinician/patients: search, view selector, the patients table and its pager. */
export function PatientListPage() {
  const permissions = usePatientPermissions();
  const views = allowedPatientViews(permissions);
  const [params] = useSearchParams();
  const asked = readPatientView(params);
  const update = useAddressUpdate();

  const chooseView = (next: PatientView) => {
    update({ view: next, page: 1 });
    savePatientsView(next).catch((error) => toastError(error, "Your choice of view could not be saved"));
  };

  // The server answers with the view it used (saved choice or role default) when none was asked.
  const viewSelect = (answer: ListAnswer<PatientRecord> | undefined) => {
    // One view is no choice: the list is simply that view (the server answers it), with no select.
    if (views.length <= 1) return null;
    const view = asked ?? (answer?.view as PatientView | undefined);
    return (
      <NativeSelect
        label="View"
        value={view ?? ""}
        onChange={(event) => chooseView(event.currentTarget.value as PatientView)}
        data={[
          ...(view ? [] : [{ value: "", label: "Loading…", disabled: true }]),
          ...views.map((v) => ({ value: v, label: viewLabels.get(v) ?? v })),
        ]}
        style={{ flex: "0 1 14rem" }}
      />
    );
  };

  return (
    <EntityListPage<PatientRecord>
      entity={patientEntity}
      title="Patients"
      addTo={permissions.includes("patients.write") ? patientPaths.add : undefined}
      searchPlaceholder="Search by name or MRN"
      rowHref={rowHref}
      query={{ view: asked }}
      filters={viewSelect}
      savedFilters={SAVED_FILTERS}
    />
  );
}
