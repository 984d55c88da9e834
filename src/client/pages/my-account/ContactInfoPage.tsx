import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { useSignedInUser } from "../../auth/useSession.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { ContactForm } from "./ContactForm.tsx";
import { ContactRow, contactText } from "./ContactRow.tsx";
import { channelOptions } from "./contact-channels.ts";
import { type Contact, type ContactBody, myAccountApi, myAccountKeys, useMyAccount } from "./my-account-api.ts";

type Editing = { kind: "add" } | { kind: "edit"; contact: Contact } | null;

/**
 * /my-account/contact-info (spec §2; §3 Contact): the respondent's emails and mobile numbers.
 * One primary per channel (the server demotes the other); contacts from the clinic's records
 * are shown but changed only by the clinic.
 */
export function ContactInfoPage() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const account = useMyAccount(user.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: myAccountKeys.one(user.id) });

  const makePrimary = useMutation({
    meta: { errorToast: false },
    mutationFn: (c: Contact) =>
      myAccountApi.updateContact(user.id, c, {
        channel: c.channel,
        value: c.value,
        primary: true,
        enabled: c.enabled,
      }),
    onSuccess: async (_saved, c) => {
      await refresh();
      toastSuccess(`${contactText(c)} is now primary.`);
    },
    onError: (error) => toastError(error, "The contact was not changed"),
  });

  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: (c: Contact) => myAccountApi.deleteContact(user.id, c.id as number),
    onSuccess: async (_none, c) => {
      setDeleting(null);
      await refresh();
      toastSuccess(`${contactText(c)} was deleted.`);
    },
    onError: (error) => toastError(error, "The contact was not deleted"),
  });

  async function save(body: ContactBody) {
    if (editing?.kind === "edit") await myAccountApi.updateContact(user.id, editing.contact, body);
    else await myAccountApi.addContact(user.id, body);
    await refresh();
    toastSuccess(editing?.kind === "edit" ? "Contact updated." : "Contact added.");
  }

  if (account.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading your contact information" />
      </Center>
    );
  }
  if (account.isError) {
    return (
      <Alert color="red" title="Your contact information could not be loaded">
        {errorText(account.error)}
      </Alert>
    );
  }

  const contacts = account.data.contacts;
  const busy = makePrimary.isPending || remove.isPending;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          Contact information
        </Title>
        {editing === null && <Button onClick={() => setEditing({ kind: "add" })}>Add contact</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        Your clinic sends invitations, reminders and access codes to these.
      </Text>
      {contacts.every((c) => !c.enabled) && (
        <Alert color="yellow" variant="light">
          With no contact that has notifications on, invitations and reminders will not be sent.
        </Alert>
      )}
      {editing?.kind === "add" && (
        <ContactForm save={save} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
      )}
      {channelOptions().map((channel) => {
        const ofChannel = contacts.filter((c) => c.channel === channel.value);
        return (
          <Stack key={channel.value} gap="xs" component="section" aria-label={channel.label}>
            <Title order={3} size="h5">
              {channel.label}
            </Title>
            {ofChannel.length === 0 ? (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
                {ofChannel.map((contact) =>
                  editing?.kind === "edit" && editing.contact.id === contact.id ? (
                    <li key={contact.id}>
                      <ContactForm
                        contact={contact}
                        save={save}
                        onDone={() => setEditing(null)}
                        onCancel={() => setEditing(null)}
                      />
                    </li>
                  ) : (
                    <ContactRow
                      key={contact.id}
                      contact={contact}
                      busy={busy}
                      onEdit={() => setEditing({ kind: "edit", contact })}
                      onMakePrimary={() => makePrimary.mutate(contact)}
                      onDelete={() => setDeleting(contact)}
                    />
                  ),
                )}
              </Stack>
            )}
          </Stack>
        );
      })}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete contact" centered>
        {deleting && (
          <Stack gap="md">
            <Text>Delete {contactText(deleting)}? Your clinic will no longer write to it.</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(deleting)}>
                Delete contact
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
