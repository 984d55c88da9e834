import { defaultBundle, type SchemaBundle, schemaById } from "./schema/bundle.ts";

/**
 * Access rules as data (STYLE habit 7): schemas/enums/role.json says which permissions each role
 * grants. The server checks them on every route; the client reads the same file to mirror them.
 */
export type Permission =
  | "patients.viewAll"
  | "patients.viewAssigned"
  | "patients.viewSupervised"
  | "patients.write"
  | "settings.admin"
  | "settings.staff"
  | "analytics.outcomes"
  | "analytics.usage"
  | "measures.preview"
  | "respondent.session"
  | "respondent.account"
  /** Read and export the audit trail (Settings > Audit log). */
  | "audit.read";

interface RoleEntry {
  const: string;
  title: string;
  "x-permissions": Permission[];
  "x-default-view": PatientView | null;
  "x-selectable": boolean;
}

function roleEntries(bundle: SchemaBundle): RoleEntry[] {
  return schemaById(bundle, "enums/role.json").oneOf as unknown as RoleEntry[];
}

export function permissionsFor(roles: readonly string[], bundle: SchemaBundle = defaultBundle): Permission[] {
  const granted = new Set<Permission>();
  for (const entry of roleEntries(bundle)) {
    if (roles.includes(entry.const)) for (const p of entry["x-permissions"]) granted.add(p);
  }
  return [...granted].sort();
}

export type PatientView = "all" | "my" | "team" | "supervised";

/** Views of the patient list a user may pick, widest first. */
export function allowedPatientViews(permissions: readonly string[]): PatientView[] {
  const views: PatientView[] = [];
  if (permissions.includes("patients.viewAll")) views.push("all");
  if (permissions.includes("patients.viewSupervised")) views.push("supervised");
  // "team" narrows "my" to the charts of the user's clinician teams: the same permission.
  if (permissions.includes("patients.viewAssigned")) views.push("my", "team");
  return views;
}

/** The view a user starts on: the first of their roles (in role.json order) that names one they may use. */
export function defaultPatientView(
  roles: readonly string[],
  permissions: readonly string[],
  bundle: SchemaBundle = defaultBundle,
): PatientView | null {
  const allowed = allowedPatientViews(permissions);
  for (const entry of roleEntries(bundle)) {
    const view = entry["x-default-view"];
    if (roles.includes(entry.const) && view && allowed.includes(view)) return view;
  }
  return allowed[0] ?? null;
}

/** Roles an admin may give in settings (respondent is hidden, spec §6). */
export function selectableRoles(bundle: SchemaBundle = defaultBundle): { value: string; label: string }[] {
  return roleEntries(bundle)
    .filter((r) => r["x-selectable"])
    .map((r) => ({ value: r.const, label: r.title }));
}
