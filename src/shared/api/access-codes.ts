/**
 * The account choice of the access-code sign-in, as schemas/api/responses/account-choice.json
 * states it (codegen generates the type; the routes declare the schema as their response).
 */
export type { AccountChoice } from "../../../generated/types/api/responses/account-choice.ts";
