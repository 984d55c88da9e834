const OPERATOR_WORDS: Record<string, string> = {
  ">=": "at or above",
  ">": "above",
  "<=": "at or below",
  "<": "below",
  "==": "equal to",
  "!=": "not equal to",
};

/** A comparison operator of a cut-off or alert rule in words ("at or above"); unknown ones as written. */
export function operatorWords(operator: string): string {
  return OPERATOR_WORDS[operator] ?? operator;
}
