import { Checkbox, NativeSelect } from "@mantine/core";
import { ALL, type FilterSpec, type FilterValues } from "./list-filters.ts";

/** The filter controls of a list, from its query schema (list-filters.ts): labels are the schema titles. */
export function ListFilters({
  specs,
  values,
  onChange,
}: {
  specs: readonly FilterSpec[];
  values: FilterValues;
  onChange: (field: string, value: string | boolean) => void;
}) {
  return (
    <>
      {specs.map((spec) =>
        spec.control === "checkbox" ? (
          <Checkbox
            key={spec.field}
            label={spec.title}
            checked={values[spec.field] === true}
            onChange={(event) => onChange(spec.field, event.currentTarget.checked)}
            mb={8}
          />
        ) : (
          <NativeSelect
            key={spec.field}
            label={spec.title}
            value={String(values[spec.field] ?? ALL)}
            onChange={(event) => onChange(spec.field, event.currentTarget.value)}
            data={[{ value: ALL, label: "All" }, ...spec.options]}
            style={{ flex: "0 1 11rem" }}
          />
        ),
      )}
    </>
  );
}
