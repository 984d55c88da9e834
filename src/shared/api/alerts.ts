/**
 * Alert answers, as schemas/api/responses/alert-*.json state them (codegen generates the types;
 * the alert routes declare the schemas as their responses).
 */
import type { AlertList } from "../../../generated/types/api/responses/alert-list.ts";

export type { AlertAcknowledge } from "../../../generated/types/api/alert-acknowledge.ts";
export type { AcknowledgedAlert } from "../../../generated/types/api/responses/acknowledged-alert.ts";
export type { AlertList } from "../../../generated/types/api/responses/alert-list.ts";
export type { AlertRow } from "../../../generated/types/api/responses/alert-row.ts";
export type { AlertDisposition } from "../../../generated/types/enums/alert-disposition.ts";

/** The status filter of the alert lists: active, acknowledged or all. */
export type AlertStatus = AlertList["status"];
