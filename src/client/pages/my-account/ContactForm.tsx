import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { useSchemaFields } from "../account/useSchemaFields.ts";
import { channelOptions, EMAIL, PHONE } from "./contact-channels.ts";
import type { Contact, ContactBody } from "./my-account-api.ts";
import { PhoneInput } from "./PhoneInput.tsx";

export interface ContactFormProps {
  /** The contact to edit; omit to add one. */
  contact?: Contact;
  save: (body: ContactBody) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

type Values = { channel: number; value: string; primary: boolean; enabled: boolean };

/** Add or edit one contact, checked against entities/contact.json as the server checks it. */
export function ContactForm({ contact, save, onDone, onCancel }: ContactFormProps) {
  const id = useId();
  const form = useSchemaFields<Values>("entities/contact.json", {
    channel: contact?.channel ?? EMAIL,
    value: contact?.value ?? "",
    primary: contact?.primary ?? false,
    enabled: contact?.enabled ?? true,
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const phone = form.values.channel === PHONE;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check<ContactBody>();
    if (!body) return;
    setPending(true);
    try {
      await save(body);
      onDone();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <form onSubmit={submit} noValidate aria-label={contact ? "Edit contact" : "Add contact"}>
        <Stack gap="sm">
          {(failure !== null || form.errors[""]) && (
            <Alert color="red" variant="light" role="alert">
              {failure !== null ? errorText(failure) : form.errors[""]}
            </Alert>
          )}
          <NativeSelect
            label={form.titles.channel}
            value={String(form.values.channel)}
            // The server keeps a contact's type: a new type is a new contact.
            disabled={contact !== undefined}
            onChange={(e) => form.update({ channel: Number(e.currentTarget.value), value: "" })}
            data={channelOptions().map((o) => ({ value: String(o.value), label: o.label }))}
            error={form.errors.channel}
          />
          {phone ? (
            <PhoneInput
              id={`${id}-value`}
              label={form.titles.value}
              value={form.values.value}
              onChange={(digits) => form.set("value", digits)}
              error={form.errors.value}
            />
          ) : (
            <TextInput
              label={form.titles.value}
              type="email"
              autoComplete="email"
              value={form.values.value}
              onChange={(e) => form.set("value", e.currentTarget.value)}
              error={form.errors.value}
            />
          )}
          <Checkbox
            label={form.titles.primary}
            description={`Where your clinic writes first. One ${phone ? "mobile number" : "email"} is primary.`}
            checked={form.values.primary}
            onChange={(e) => form.set("primary", e.currentTarget.checked)}
          />
          <Checkbox
            label={form.titles.enabled}
            description="Send invitations, reminders and access codes here."
            checked={form.values.enabled}
            onChange={(e) => form.set("enabled", e.currentTarget.checked)}
          />
          <Group gap="sm">
            <Button type="submit" loading={pending}>
              Save contact
            </Button>
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
