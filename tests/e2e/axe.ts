import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/**
 * The page's serious and critical axe (WCAG 2.1 AA) violations, in words. `within`: a CSS selector
 * to check only part of the page (e.g. one dialog), when the rest is another test's subject.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Evaluated through the debugging protocol, not added as a <script>: the app's Content-Security-Policy
  // (no inline script) stays on, so the screens are checked as people get them.
  // Once per loaded page: screens opened inside the running app reuse it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // A dialog still fading in has half-transparent text: its contrast would fail for no reason.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, { timeout: 5_000 })
    .catch(() => {});
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(c: object, o: object): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const context = selector ? { include: [[selector]] } : document;
    const result = await axe.run(context, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      // Only violations are read: axe skips detailing the passes, most of its time on a long page.
      resultTypes: ["violations"],
    });
    return result.violations;
  }, within ?? null);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      // The element's selector (to find it), its markup (to recognise it) and axe's reason.
      const where = v.nodes.map(
        (n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} (${n.failureSummary?.split("\n").slice(1).join(" ")})`,
      );
      return `${v.id} (${v.impact}): ${v.help} at ${where.join("; ")}`;
    });
}
