/**
 * relation_id 1 (enums/relation.json; domain.md): the patient themself. It marks the link of a
 * patient's own account to their chart, which lists first wherever a person's charts or a
 * chart's respondents are shown.
 */
export const SELF_RELATION = 1;
