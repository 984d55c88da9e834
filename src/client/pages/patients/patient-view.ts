import type { PatientView } from "../../../shared/permissions.ts";

const VIEWS: readonly string[] = ["all", "my", "team", "supervised"];

/**
 * The patient list's view (?view=), kept in the address with the list's position; absent (or
 * one a hand-edited address made up): the server picks the saved or role default view.
 */
export function readPatientView(search: URLSearchParams): PatientView | undefined {
  const view = search.get("view");
  return view && VIEWS.includes(view) ? (view as PatientView) : undefined;
}
