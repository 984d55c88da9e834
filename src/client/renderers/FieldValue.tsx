import { Text } from "@mantine/core";
import type { FieldKind } from "../../shared/schema/field-kind.ts";
import { isLookupKind, type LookupKind, useLookupOptions } from "../widgets/lookups.ts";
import { type EnumLabel, formatValue } from "./format-value.ts";

const EMPTY = (
  <Text span c="dimmed" inherit>
    Not provided
  </Text>
);

/** Ids of a lookup kind shown as names (inactive records included, so nothing shows as a bare id). */
function LookupNames({ kind, ids }: { kind: LookupKind; ids: number[] }) {
  const options = useLookupOptions(kind, false, ids.length > 0);
  if (ids.length === 0) return EMPTY;
  if (options.isPending)
    return (
      <Text span c="dimmed" inherit>
        Loading…
      </Text>
    );
  const names = ids.map((id) => options.data?.find((o) => o.value === id)?.label ?? `#${id}`);
  return <>{names.join(", ")}</>;
}

/** One stored value shown read-only, by its field kind. */
export function FieldValue({ kind, value, enumLabels }: { kind: FieldKind; value: unknown; enumLabels?: EnumLabel[] }) {
  if (isLookupKind(kind)) {
    // A list of ids (clinicians) or one id (a program's type).
    const listed = Array.isArray(value) ? value : [value];
    const ids = listed.filter((v): v is number => typeof v === "number");
    return <LookupNames kind={kind} ids={ids} />;
  }
  const text = formatValue(kind, value, enumLabels);
  return text === "" ? EMPTY : text;
}
