import { Alert, Button, Group, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";

/** What the exist check (or a refused save) found about the person being added. */
export type ExistingOffer =
  | { kind: "onTeam"; ccauId: number; name: string | null }
  | { kind: "link"; accountId: number; name: string | null; contact: string | null }
  /** Known only on charts the user cannot see: who it is stays untold until they accept. */
  | { kind: "invite" };

export interface ExistingRespondentNoticeProps {
  offer: ExistingOffer;
  patientName: string;
  editHref: (ccauId: number) => string;
  onLink: () => void;
  onAddNew: () => void;
  onDismiss: () => void;
  busy: boolean;
}

/**
 * Spec §5: a respondent already on the team offers edit; a person the clinic already knows is
 * linked rather than added twice. Focus moves here so a screen reader hears the question.
 */
export function ExistingRespondentNotice(props: ExistingRespondentNoticeProps) {
  const { offer, patientName, editHref, onLink, onAddNew, onDismiss, busy } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);

  if (offer.kind === "onTeam") {
    return (
      <Alert ref={ref} tabIndex={-1} color="blue" variant="light" title="Already on the team" role="alert">
        <Text size="sm">
          {offer.name ?? "This person"} is already on {patientName}'s team. Edit them instead of adding them again.
        </Text>
        <Group mt="sm" gap="sm">
          <Button component={Link} to={editHref(offer.ccauId)} size="xs">
            Edit respondent
          </Button>
          <Button size="xs" variant="default" onClick={onDismiss}>
            Back to the form
          </Button>
        </Group>
      </Alert>
    );
  }

  if (offer.kind === "invite") {
    return (
      <Alert ref={ref} tabIndex={-1} color="blue" variant="light" title="Send an invitation?" role="alert">
        <Text size="sm">
          Someone the clinic already knows has this email or mobile number. To protect their privacy they are not added
          straight away: they get an invitation to join {patientName}'s care team at the email or mobile number you
          entered, and are added to the team when they accept it.
        </Text>
        <Group mt="sm" gap="sm">
          <Button size="xs" onClick={onLink} loading={busy}>
            Send invitation
          </Button>
          <Button size="xs" variant="default" onClick={onDismiss} disabled={busy}>
            Back to the form
          </Button>
        </Group>
      </Alert>
    );
  }

  const who = offer.name ? `${offer.name}${offer.contact ? ` (${offer.contact})` : ""}` : null;
  return (
    <Alert ref={ref} tabIndex={-1} color="blue" variant="light" title="This respondent already exists" role="alert">
      <Text size="sm">
        {who
          ? `${who} already has an account with this email or mobile number.`
          : "A respondent with this email or mobile number already has an account."}{" "}
        Link them to {patientName} instead of adding the same person twice. They keep their account, name and contact
        information; an email or mobile number you entered that they do not have yet is added.
      </Text>
      <Group mt="sm" gap="sm">
        <Button size="xs" onClick={onLink} loading={busy}>
          Link existing respondent
        </Button>
        <Button size="xs" variant="default" onClick={onAddNew} disabled={busy}>
          Add as a different person
        </Button>
      </Group>
    </Alert>
  );
}
