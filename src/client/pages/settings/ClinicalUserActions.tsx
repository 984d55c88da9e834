import { ActionIcon, Button, Menu, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { useSession } from "../../auth/useSession.ts";
import { deleteEntity, refreshEntity } from "../../entities/entity-api.ts";
import { toastError, toastInfo, toastSuccess } from "../../notifications/toast.ts";
import { useGeneralSettings } from "../../settings/useGeneralSettings.ts";
import { type AccountCommand, accountCommands, type CommandEntry } from "./account-commands.ts";
import { resultText } from "./account-results.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import {
  type ClinicalUserRecord,
  changeClinicalUserStatus,
  clinicalUserEntity,
  type MessageResult,
  resetClinicalUserPassword,
} from "./clinical-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

async function run(command: AccountCommand, userId: number): Promise<MessageResult | undefined> {
  if (command.kind === "delete") {
    await deleteEntity(clinicalUserEntity, userId);
    return undefined;
  }
  if (command.kind === "resetPassword") return (await resetClinicalUserPassword(userId)).message;
  return (await changeClinicalUserStatus(userId, command.action, command.channel)).invitation;
}

/**
 * The account actions of spec §4 for one clinical user, as a menu: invite, invite again, cancel
 * invite, deactivate, activate and invite, the admin's password reset, and delete (for a user
 * added by mistake). Actions that end
 * access or spend a link ask first; the outcome (or the server's refusal) is toasted.
 */
export function ClinicalUserActions({
  user,
  variant = "menu",
}: {
  user: ClinicalUserRecord;
  variant?: "menu" | "page";
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const settings = useGeneralSettings();
  const [asking, setAsking] = useState<CommandEntry | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const entries = accountCommands(user, { smsEnabled: settings.sms_enabled === true, isSelf: me?.id === user.id });

  const act = useMutation({
    meta: { errorToast: false },
    mutationFn: ({ command }: { command: AccountCommand; inDialog: boolean }) => run(command, user.id),
    onSuccess: async (message, { command }) => {
      const { text, warning } = resultText(command, user.full_name, message);
      if (warning) toastInfo(text);
      else toastSuccess(text);
      setAsking(null);
      // The user's own page has nothing left to show.
      if (command.kind === "delete" && variant === "page") navigate(settingsPaths.clinicalUsers);
      await refreshEntity(client, clinicalUserEntity);
    },
    onError: async (error, { inDialog }) => {
      // The status may have changed meanwhile (another admin): show the list as it is now.
      if (inDialog) setDialogError(errorText(error));
      else toastError(error, "The action could not be done");
      await refreshEntity(client, clinicalUserEntity);
    },
  });

  const choose = (entry: CommandEntry) => {
    setDialogError(null);
    if (entry.confirm) setAsking(entry);
    else act.mutate({ command: entry.command, inDialog: false });
  };

  if (entries.length === 0) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {variant === "menu" ? (
            // A narrow button: the clinical users table is wide already.
            <ActionIcon
              variant="subtle"
              size="lg"
              loading={act.isPending && !asking}
              aria-label={`Account actions for ${user.full_name}`}
            >
              <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
                ⋯
              </span>
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              loading={act.isPending && !asking}
              aria-label={`Account actions for ${user.full_name}`}
            >
              Account actions
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          {entries.map((entry) => (
            <Menu.Item
              key={entry.label}
              color={entry.confirm?.danger ? "red" : undefined}
              onClick={() => choose(entry)}
            >
              {entry.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {asking?.confirm && (
        <ConfirmDialog
          opened
          title={asking.confirm.title}
          confirmLabel={asking.confirm.confirmLabel}
          danger={asking.confirm.danger}
          busy={act.isPending}
          error={dialogError}
          onConfirm={() => act.mutate({ command: asking.command, inDialog: true })}
          onClose={() => setAsking(null)}
        >
          <Text>{asking.confirm.text}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
