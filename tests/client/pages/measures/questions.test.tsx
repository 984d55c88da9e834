// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { useMemo, useState } from "react";
import { describe, expect, it } from "vitest";
import { QuestionList } from "../../../../src/client/renderers/questions/QuestionList.tsx";
import type { AnswerMap, PageView, QuestionView } from "../../../../src/client/renderers/questions/question-types.ts";
import { hiddenQuestionIds } from "../../../../src/client/renderers/questions/visibility.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { question } from "./fixtures.ts";

function page(questions: QuestionView[]): PageView {
  return {
    pageId: "p1",
    index: 0,
    pageCount: 1,
    heading: null,
    prompt: null,
    previousPageId: null,
    nextPageId: null,
    questions,
  };
}

/** The question list as a page uses it: answers in state, branching from the shared engine. */
function Harness({ questions, log = [] }: { questions: QuestionView[]; log?: unknown[] }) {
  const [answers, setAnswers] = useState<AnswerMap>({});
  const pages = useMemo(() => [page(questions)], [questions]);
  const hidden = useMemo(() => hiddenQuestionIds(pages, answers), [pages, answers]);
  return (
    <QuestionList
      questions={questions}
      hidden={hidden}
      answers={answers}
      onAnswer={(q, value) => {
        log.push([q.id, value]);
        setAnswers((a) => ({ ...a, [q.id]: value }));
      }}
    />
  );
}

const radio = (group: string, label: string) =>
  within(screen.getByRole("radiogroup", { name: new RegExp(group) })).getByRole("radio", { name: label });

describe("radio questions and the keyboard", () => {
  it("arrow keys move and choose within the group, wrapping at the ends; Home and End jump", () => {
    const log: unknown[] = [];
    renderWithProviders(<Harness questions={[question("q1", 1, { text: "Little interest" })]} log={log} />);
    const group = screen.getByRole("radiogroup", { name: "1. Little interest" });
    expect(group.getAttribute("aria-required")).toBe("true");
    const first = radio("Little interest", "Not at all");
    // One tab stop: the first option until one is chosen.
    expect(first.tabIndex).toBe(0);
    expect(radio("Little interest", "Several days").tabIndex).toBe(-1);

    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect((radio("Little interest", "Several days") as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(radio("Little interest", "Several days"));
    expect(radio("Little interest", "Several days").tabIndex).toBe(0);

    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowUp" });
    expect((radio("Little interest", "Nearly every day") as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect((radio("Little interest", "Not at all") as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(log.at(-1)).toEqual(["q1", 3]);
  });

  it("Space and Enter choose the focused option", () => {
    const log: unknown[] = [];
    renderWithProviders(<Harness questions={[question("q1", 1)]} log={log} />);
    const option = radio("Question q1", "More than half the days");
    option.focus();
    fireEvent.keyDown(option, { key: " " });
    expect(log).toEqual([["q1", 2]]);
    const other = radio("Question q1", "Several days");
    fireEvent.keyDown(other, { key: "Enter" });
    expect(log.at(-1)).toEqual(["q1", 1]);
    expect((other as HTMLInputElement).checked).toBe(true);
  });

  it("a click on the option's label chooses it (big targets on a phone)", () => {
    const log: unknown[] = [];
    renderWithProviders(<Harness questions={[question("q1", 1)]} log={log} />);
    fireEvent.click(screen.getByText("Nearly every day"));
    expect(log).toEqual([["q1", 3]]);
  });
});

describe("branching", () => {
  it("showNext: a gate answered 0 hides the follow-ups; above 0 shows them", () => {
    renderWithProviders(
      <Harness
        questions={[
          question("q1", 1, {
            text: "How often do you drink?",
            showNext: { count: 2, when: { operator: ">", score: 0 } },
          }),
          question("q2", 2, { text: "How many drinks?" }),
          question("q3", 3, { text: "How often six or more?" }),
          question("q4", 4, { text: "Last question" }),
        ]}
      />,
    );
    // Unanswered gate: its follow-ups are not shown.
    expect(screen.queryByRole("radiogroup", { name: /How many drinks/ })).toBeNull();
    expect(screen.getByRole("radiogroup", { name: /Last question/ })).toBeTruthy();
    fireEvent.click(radio("How often do you drink", "Several days"));
    expect(screen.getByRole("radiogroup", { name: /How many drinks/ })).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: /six or more/ })).toBeTruthy();
    fireEvent.click(radio("How often do you drink", "Not at all"));
    expect(screen.queryByRole("radiogroup", { name: /How many drinks/ })).toBeNull();
    expect(screen.queryByRole("radiogroup", { name: /six or more/ })).toBeNull();
  });

  it("parent with showPrompt: the follow-up shows only for the listed answers", () => {
    renderWithProviders(
      <Harness
        questions={[
          question("q1", 1, { text: "Any problems?" }),
          question("q2", 2, { text: "How difficult?", parent: "q1", showPrompt: [2, 3] }),
        ]}
      />,
    );
    expect(screen.queryByRole("radiogroup", { name: /How difficult/ })).toBeNull();
    fireEvent.click(radio("Any problems", "Several days"));
    expect(screen.queryByRole("radiogroup", { name: /How difficult/ })).toBeNull();
    fireEvent.click(radio("Any problems", "Nearly every day"));
    expect(screen.getByRole("radiogroup", { name: /How difficult/ })).toBeTruthy();
  });

  it("showIf over a sum: hidden answers count as unanswered, so a later question that reads them hides too", () => {
    const questions = [
      question("q1", 1, { showNext: { count: 1, when: { operator: ">", score: 0 } } }),
      question("q2", 2),
      question("q3", 3, { showIf: { sum: ["q2"], operator: ">", score: 0 } }),
    ];
    const pages = [page(questions)];
    // q2 answered 2 but hidden (q1 is 0): q3's sum sees nothing.
    expect([...hiddenQuestionIds(pages, { q1: 0, q2: 2 })].sort()).toEqual(["q2", "q3"]);
    expect([...hiddenQuestionIds(pages, { q1: 1, q2: 2 })]).toEqual([]);
  });

  it("a question that depends on another page takes the server's verdict", () => {
    const questions = [question("q5", 5, { parent: "q1", showPrompt: [1], hidden: true })];
    const pages = [page(questions)];
    expect(hiddenQuestionIds(pages, {}).has("q5")).toBe(true);
    expect(hiddenQuestionIds(pages, {}, new Set()).has("q5")).toBe(false);
  });
});

describe("other question types", () => {
  it("checkbox answers are the ticked values in option order; none ticked is unanswered", () => {
    const log: unknown[] = [];
    renderWithProviders(
      <Harness questions={[question("c1", 1, { type: "checkbox", text: "Which apply?" })]} log={log} />,
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Nearly every day" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Not at all" }));
    expect(log.at(-1)).toEqual(["c1", [0, 3]]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Not at all" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Nearly every day" }));
    expect(log.at(-1)).toEqual(["c1", null]);
  });

  it("number questions save only numbers the question accepts, and say why otherwise", () => {
    const log: unknown[] = [];
    renderWithProviders(
      <Harness
        questions={[
          question("n1", 1, { type: "number", text: "Hours of sleep", options: null, min: 0, max: 24, integer: true }),
        ]}
        log={log}
      />,
    );
    const input = screen.getByLabelText(/Hours of sleep/);
    fireEvent.change(input, { target: { value: "30" } });
    expect(screen.getByText("Enter a whole number from 0 to 24.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "7.5" } });
    expect(log).toEqual([]);
    fireEvent.change(input, { target: { value: "7" } });
    expect(log).toEqual([["n1", 7]]);
    fireEvent.change(input, { target: { value: "" } });
    expect(log.at(-1)).toEqual(["n1", null]);
  });

  it("text, textarea and date questions; prompts and titles are shown, not asked", () => {
    const log: unknown[] = [];
    renderWithProviders(
      <Harness
        questions={[
          question("t0", null, { type: "title", text: "About you", options: null, required: false }),
          question("t1", null, { type: "prompt", text: "Answer what you can.", options: null, required: false }),
          question("t2", 1, { type: "text", text: "Your job", options: null }),
          question("t3", 2, { type: "date", text: "Start date", options: null, required: false }),
          question("t4", 3, { type: "textarea", text: "Anything else", options: null, required: false }),
        ]}
        log={log}
      />,
    );
    expect(screen.getByRole("heading", { name: "About you" })).toBeTruthy();
    expect(screen.getByText("Answer what you can.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Your job/), { target: { value: "Nurse" } });
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: "2026-01-05" } });
    fireEvent.change(screen.getByLabelText(/Anything else/), { target: { value: "   " } });
    expect(log).toEqual([
      ["t2", "Nurse"],
      ["t3", "2026-01-05"],
      ["t4", null],
    ]);
    expect(screen.getByLabelText(/Your job/).getAttribute("aria-required")).toBe("true");
  });
});
