import { describe, expect, it } from "vitest";
import { resumePageId } from "../../../src/shared/scoring/resume-page.ts";
import { inlineDefinition, scale, YES_NO } from "./inline-definition.ts";

/** Coming back to a started questionnaire opens the page of its first unanswered question. */
const def = inlineDefinition({
  pages: [
    {
      id: "p1",
      questions: [
        { id: "intro", type: "prompt", text: "About the last two weeks.", required: false },
        { id: "a", type: "radio", text: "First", required: true, options: scale(4) },
        { id: "smoke", type: "radio", text: "Do you smoke?", required: true, options: YES_NO },
      ],
    },
    {
      id: "p2",
      questions: [
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
      ],
    },
    { id: "p3", questions: [{ id: "last", type: "radio", text: "Last", required: true, options: scale(4) }] },
  ],
});

describe("resumePageId", () => {
  it("opens the first page while one of its questions is unanswered (display text never counts)", () => {
    expect(resumePageId(def, {})).toBe("p1");
    expect(resumePageId(def, { a: 1 })).toBe("p1");
  });

  it("skips a finished page, even when the last answer given is on it", () => {
    expect(resumePageId(def, { a: 1, smoke: "yes" })).toBe("p2");
  });

  it("skips a page whose only question branching hides", () => {
    expect(resumePageId(def, { a: 1, smoke: "no" })).toBe("p3");
  });

  it("goes back to an earlier gap rather than the furthest page reached", () => {
    expect(resumePageId(def, { smoke: "no", last: 2 })).toBe("p1");
  });

  it("opens the last page, to submit, once everything shown is answered", () => {
    expect(resumePageId(def, { a: 1, smoke: "no", last: 2 })).toBe("p3");
  });
});
