import type { MeasureDefinition } from "../../../generated/types/measures/measure-definition.ts";

/**
 * Names for the parts of a measure definition. The generated type inlines every part (codegen
 * keeps one type per schema file), so the parts are named here by indexing into it.
 */
export type { MeasureDefinition };
export type MeasurePage = MeasureDefinition["pages"][number];
export type Question = MeasurePage["questions"][number];
export type QuestionType = Question["type"];
export type AnswerOption = NonNullable<Question["options"]>[number];
export type Condition = NonNullable<Question["showIf"]>;
export type Rule = Exclude<Condition, { all: unknown } | { any: unknown }>;
export type AnswerTest = NonNullable<NonNullable<Question["showNext"]>["when"]>;
export type Scoring = NonNullable<MeasureDefinition["scoring"]>;
export type Subscale = NonNullable<Scoring["subscales"]>[number];
export type DerivedScore = NonNullable<Scoring["derived"]>[number];
export type SeverityBand = MeasureDefinition["bands"][number];
export type Cutoff = NonNullable<MeasureDefinition["cutoff"]>;
export type ScaleCutoff = NonNullable<Subscale["cutoff"]>;
export type ReliableChange = NonNullable<MeasureDefinition["rci"]>;
export type AlertRule = MeasureDefinition["alerts"][number];
export type Operator = AlertRule["operator"];
