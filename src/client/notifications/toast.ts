import { notifications } from "@mantine/notifications";
import { errorText } from "../api/error-text.ts";

/** Toasts stay 4 seconds at the top right (spec §9); the provider in App.tsx sets both. */
export const TOAST_AUTO_CLOSE_MS = 4_000;

/** Shows why something failed, in the words of spec §8 (see api/error-text.ts). */
export function toastError(error: unknown, title?: string): void {
  notifications.show({ color: "red", title, message: errorText(error) });
}

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: "teal", title, message });
}

export function toastInfo(message: string, title?: string, id?: string): void {
  notifications.show({ color: "blue", title, message, id });
}
