import { describe, expect, it } from "vitest";
import { createDefinitionValidator } from "../../../src/shared/measures/validate-definition.ts";
import type { Answers } from "../../../src/shared/scoring/index.ts";
import { isQuestionVisible, missingRequired, visibleQuestions } from "../../../src/shared/scoring/index.ts";
import { inlineDefinition, scale, YES_NO } from "./inline-definition.ts";

/** Branching of spec §3 Measure page (parent, showPrompt, hidePrompt, showNext) and showIf. */
const def = inlineDefinition({
  pages: [
    {
      id: "p1",
      questions: [
        { id: "intro", type: "prompt", text: "Please answer every question that applies.", required: false },
        { id: "smoke", type: "radio", text: "Do you smoke?", required: true, options: YES_NO },
        {
          id: "amount",
          type: "number",
          text: "Cigarettes a day",
          required: true,
          integer: true,
          min: 0,
          max: 100,
          parent: "smoke",
          showPrompt: ["yes"],
        },
        {
          id: "ever",
          type: "radio",
          text: "Did you ever smoke?",
          required: true,
          options: YES_NO,
          parent: "smoke",
          hidePrompt: ["yes"],
        },
        { id: "quit", type: "date", text: "When did you stop?", required: false, parent: "ever", showPrompt: ["yes"] },
      ],
    },
    {
      id: "p2",
      questions: [
        {
          id: "gate",
          type: "likert",
          text: "Any low mood this week?",
          required: true,
          options: scale(3),
          showNext: { count: 2, when: { operator: ">", score: 0 } },
        },
        { id: "g1", type: "likert", text: "Low mood in the morning", required: true, options: scale(3) },
        { id: "g2", type: "likert", text: "Low mood in the evening", required: true, options: scale(3) },
        { id: "after", type: "textarea", text: "Anything else?", required: false },
        {
          id: "worries",
          type: "checkbox",
          text: "What worries you?",
          required: false,
          options: [
            { value: "work", label: "Work", score: null },
            { value: "money", label: "Money", score: null },
            { value: "health", label: "Health", score: null },
          ],
        },
        {
          id: "money_detail",
          type: "text",
          text: "Tell us about money worries",
          required: false,
          parent: "worries",
          showPrompt: ["money"],
        },
        {
          id: "both_high",
          type: "radio",
          text: "Has low mood lasted all day?",
          required: true,
          options: YES_NO,
          showIf: { sum: ["g1", "g2"], operator: ">=", score: 3 },
        },
        {
          id: "summary",
          type: "text",
          text: "Summary (filled in by the clinic)",
          required: true,
          readOnly: true,
          showIf: {
            any: [
              { question: "smoke", in: ["yes"] },
              { question: "gate", answered: true },
            ],
          },
        },
        {
          id: "both_rules",
          type: "radio",
          text: "Smoking and low mood together?",
          required: false,
          options: YES_NO,
          showIf: {
            all: [
              { question: "smoke", in: ["yes"] },
              { question: "gate", operator: ">=", score: 2 },
            ],
          },
        },
      ],
    },
  ],
});
const shown = (answers: Answers) => visibleQuestions(def, answers).map((q) => q.id);

describe("question branching", () => {
  it("the test definition is a valid measure definition", () => {
    expect(createDefinitionValidator()(def)).toEqual({ ok: true, definition: def });
  });

  it("before any answer, follow-ups, gated and conditional questions are hidden", () => {
    expect(shown({})).toEqual(["intro", "smoke", "gate", "after", "worries"]);
    expect(missingRequired(def, {})).toEqual(["smoke", "gate"]);
  });

  it("parent + showPrompt: shown only when the parent's answer is listed", () => {
    expect(isQuestionVisible(def, { smoke: "yes" }, "amount")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "no" }, "amount")).toBe(false);
  });

  it("parent + hidePrompt: hidden when the parent's answer is listed, shown for the others", () => {
    expect(isQuestionVisible(def, { smoke: "no" }, "ever")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "yes" }, "ever")).toBe(false);
    expect(isQuestionVisible(def, {}, "ever")).toBe(false);
  });

  it("a follow-up of a hidden question is hidden even if its own parent's answer was kept", () => {
    expect(isQuestionVisible(def, { smoke: "no", ever: "yes" }, "quit")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "yes", ever: "yes" }, "quit")).toBe(false);
  });

  it("a hidden required question is not required", () => {
    expect(missingRequired(def, { smoke: "no", gate: 0 })).toEqual(["ever"]);
    expect(missingRequired(def, { smoke: "yes", gate: 0 })).toEqual(["amount"]);
  });

  it("showNext gates the next questions of the page on the answer", () => {
    expect(shown({ gate: 0 })).toEqual(["intro", "smoke", "gate", "after", "worries", "summary"]);
    expect(shown({ gate: 1 })).toEqual(["intro", "smoke", "gate", "g1", "g2", "after", "worries", "summary"]);
    expect(missingRequired(def, { smoke: "no", ever: "no", gate: 1 })).toEqual(["g1", "g2"]);
  });

  it("a checkbox parent shows its follow-up when any listed option is ticked", () => {
    expect(isQuestionVisible(def, { worries: ["work", "money"] }, "money_detail")).toBe(true);
    expect(isQuestionVisible(def, { worries: ["work"] }, "money_detail")).toBe(false);
  });

  it("showIf with a sum of item scores", () => {
    expect(isQuestionVisible(def, { gate: 1, g1: 1, g2: 2 }, "both_high")).toBe(true);
    expect(isQuestionVisible(def, { gate: 1, g1: 1, g2: 1 }, "both_high")).toBe(false);
    // Answers of questions hidden by the gate count for nothing.
    expect(isQuestionVisible(def, { gate: 0, g1: 2, g2: 2 }, "both_high")).toBe(false);
  });

  it("showIf with any and all of several rules", () => {
    expect(isQuestionVisible(def, { smoke: "yes" }, "summary")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "no", gate: 0 }, "summary")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "no" }, "summary")).toBe(false);
    expect(isQuestionVisible(def, { smoke: "yes", gate: 2 }, "both_rules")).toBe(true);
    expect(isQuestionVisible(def, { smoke: "yes", gate: 1 }, "both_rules")).toBe(false);
    expect(isQuestionVisible(def, { smoke: "no", gate: 2 }, "both_rules")).toBe(false);
  });

  it("a read-only question is never required", () => {
    expect(missingRequired(def, { smoke: "yes", amount: 5, gate: 0 })).toEqual([]);
  });

  it("an invalid parent answer opens no follow-up", () => {
    expect(isQuestionVisible(def, { smoke: "maybe" }, "amount")).toBe(false);
    expect(isQuestionVisible(def, { smoke: "maybe" }, "ever")).toBe(false);
  });
});
