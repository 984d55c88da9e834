/**
 * Whole years between a birth date and a day, both YYYY-MM-DD: the age a clinic writes down,
 * one year more only once the birthday has come (the patient form's adult flag, and the age
 * that measure eligibility and the scheduling page use).
 */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ty, tm, td] = day.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
