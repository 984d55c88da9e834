import type { AnswerValue } from "../scoring/types.ts";

/**
 * A response type with its stored answer typed as the scoring engine types it. The engine keeps
 * a checkbox answer as a read-only list, which JSON Schema cannot say, so the generated type
 * (a mutable list) would refuse it; every other field stays as the schema generates it.
 */
export type WithAnswerValue<T extends { value: unknown }> = Omit<T, "value"> & { value: AnswerValue | null };
