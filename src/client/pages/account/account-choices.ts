import type { AccountChoice } from "./account-api.ts";

/** Relation id of the patient's own account (enums/relation.json). */
export const OWN_ACCOUNT_RELATION = 1;

/**
 * The select-account order (spec §2): the person's own account (relation 1) first, the rest as
 * the server listed them (by patient name). The server sorts the same way; the screen does not
 * rely on it.
 */
export function orderAccountChoices(accounts: readonly AccountChoice[]): AccountChoice[] {
  const own = accounts.filter((a) => a.relation === OWN_ACCOUNT_RELATION);
  const others = accounts.filter((a) => a.relation !== OWN_ACCOUNT_RELATION);
  return [...own, ...others];
}

/** The line under the patient's name: whose account it is on that chart. */
export function choiceDescription(choice: AccountChoice): string {
  if (choice.relation === OWN_ACCOUNT_RELATION) return "Your own account";
  return `As ${choice.name}, ${choice.relationLabel.toLowerCase()}`;
}
