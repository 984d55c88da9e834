import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { ApiError } from "../../api/api-error.ts";
import { withVersion } from "../../entities/record-version.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import type { PatientRecord } from "../patients/patient-api.ts";
import { patientPaths } from "../patients/patient-paths.ts";
import { type ExistingOffer, ExistingRespondentNotice } from "./ExistingRespondentNotice.tsx";
import {
  type ChartTeamMember,
  createRespondent,
  type ExistingRespondent,
  findExistingRespondent,
  isInvitation,
  type RespondentBody,
  teamKeys,
  updateRespondent,
} from "./respondent-api.ts";
import { respondentPaths } from "./respondent-paths.ts";

const FORM_ID = "forms/respondent.form.json";

type Save = { body: RespondentBody; existingUserId?: number };

function offerFrom(found: ExistingRespondent): ExistingOffer | null {
  if (!found.exists) return null;
  const name = found.respondent?.full_name ?? null;
  if (found.onTeam && found.ccauId) return { kind: "onTeam", ccauId: found.ccauId, name };
  if (found.needsInvitation) return { kind: "invite" };
  if (found.canLink && found.accountId) {
    return { kind: "link", accountId: found.accountId, name, contact: found.respondent?.contact_information ?? null };
  }
  return null;
}

/**
 * The add/edit form of a respondent on a chart. Before adding, the server is asked whether the
 * person is already known (GET /api/respondents/exist): on the team -> offer edit; on a chart the
 * user can see -> offer to link the existing account; known only on charts the user cannot see ->
 * offer to send them an invitation to join this chart (they are added when they accept; issue 8
 * §1). Then save, toast, and back to the patient (or, after an invitation, say it was sent).
 */
export function RespondentEditor({ patient, member }: { patient: PatientRecord; member?: ChartTeamMember }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ccaId = Number(patient.access_control_id);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [offer, setOffer] = useState<ExistingOffer | null>(null);
  const [pending, setPending] = useState<RespondentBody | null>(null);
  const [checking, setChecking] = useState(false);
  const [invited, setInvited] = useState<string | null>(null);

  const save = useMutation({
    meta: { errorToast: false }, // field errors go under the fields; the rest is toasted below
    mutationFn: ({ body, existingUserId }: Save) =>
      // An edit names the version of the link it started from (a stale one is refused, in words).
      member
        ? updateRespondent(member.ccauId, withVersion(body, member) as RespondentBody)
        : createRespondent(ccaId, body, existingUserId),
    onSuccess: async (saved, { existingUserId }) => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      if (isInvitation(saved)) {
        // Not on the team until they accept: the sentence says so in place (role=status), where
        // it stays until the user goes back, rather than in a passing toast.
        setInvited(saved.message);
        return;
      }
      toastSuccess(
        member
          ? `${saved.full_name} updated`
          : existingUserId
            ? `${saved.full_name} linked to ${patient.full_name}`
            : `${saved.full_name} added to ${patient.full_name}'s team`,
      );
      navigate(patientPaths.information(patient.id));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const existingCcauId = error.body.existingCcauId;
        if (typeof existingCcauId === "number") {
          setOffer({ kind: "onTeam", ccauId: existingCcauId, name: null });
          return;
        }
        if (error.fieldErrors.length > 0) {
          setOffer(null);
          setServerErrors(error.fieldErrors);
          return;
        }
      }
      toastError(error, "The respondent could not be saved");
    },
  });

  async function submit(body: RespondentBody) {
    setServerErrors([]);
    setOffer(null);
    setPending(body);
    if (member) {
      save.mutate({ body });
      return;
    }
    setChecking(true);
    try {
      const found = offerFrom(await findExistingRespondent(ccaId, body));
      if (found) setOffer(found);
      else save.mutate({ body });
    } catch (error) {
      // The check guards against duplicates: without its answer, nothing is saved.
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0)
        setServerErrors(error.fieldErrors);
      else toastError(error, "The respondent could not be checked");
    } finally {
      setChecking(false);
    }
  }

  if (invited) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title="Invitation sent" role="status">
          <Text size="sm">{invited}</Text>
        </Alert>
        <Group gap="sm">
          <Button component={Link} to={patientPaths.information(patient.id)}>
            Back to {patient.full_name ?? "the patient"}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {offer && pending && (
        <ExistingRespondentNotice
          offer={offer}
          patientName={patient.full_name ?? "the patient"}
          editHref={(ccauId) => respondentPaths.edit(patient.id, ccauId)}
          busy={save.isPending}
          onLink={() =>
            offer.kind === "link"
              ? save.mutate({ body: pending, existingUserId: offer.accountId })
              : save.mutate({ body: pending })
          }
          onAddNew={() => {
            setOffer(null);
            save.mutate({ body: pending });
          }}
          onDismiss={() => setOffer(null)}
        />
      )}
      <SchemaForm
        formId={FORM_ID}
        formData={member as unknown as Record<string, unknown> | undefined}
        submitLabel="Save respondent"
        serverErrors={serverErrors}
        submitting={checking || (save.isPending && !offer)}
        disabled={(offer?.kind === "link" || offer?.kind === "invite") && save.isPending}
        onSubmit={(body) => void submit(body)}
      >
        <Button variant="default" component={Link} to={patientPaths.information(patient.id)}>
          Cancel
        </Button>
      </SchemaForm>
    </Stack>
  );
}
