import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";

export const EMAIL = 1;
export const PHONE = 2;

/** The contact channels and their labels, from enums/contact-channel.json. */
export function channelOptions(): { value: number; label: string }[] {
  return enumOptions(schemaById(defaultBundle, "enums/contact-channel.json")).map((o) => ({
    value: Number(o.value),
    label: o.label,
  }));
}

export function channelLabel(channel: number): string {
  return channelOptions().find((o) => o.value === channel)?.label ?? String(channel);
}
