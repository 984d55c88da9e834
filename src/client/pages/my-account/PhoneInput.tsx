import type { WidgetProps } from "@rjsf/utils";
import { PhoneWidget } from "../../widgets/PhoneWidget.tsx";

export interface PhoneInputProps {
  id: string;
  label: string;
  /** Digits only. */
  value: string;
  onChange: (digits: string) => void;
  error?: string;
}

/**
 * The form widget's masked mobile number input ((xxx) xxx-xxxx shown, digits kept, spec §5) for a
 * form that is not a SchemaForm: one masking behaviour across the app.
 */
export function PhoneInput({ id, label, value, onChange, error }: PhoneInputProps) {
  const props = {
    id,
    name: id,
    label,
    value,
    options: { emptyValue: "" },
    rawErrors: error ? [error] : undefined,
    onChange: (next: unknown) => onChange(typeof next === "string" ? next : ""),
    onBlur: () => {},
    onFocus: () => {},
  };
  // PhoneWidget reads only the props above of rjsf's WidgetProps.
  return <PhoneWidget {...(props as unknown as WidgetProps)} />;
}
