import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suite's longest files (about a minute or more each on the 2-core CI machine), longest first.
 * A clean clone has no timing cache, so vitest would order them by size and could start the
 * longest last, leaving one worker idle while the other finishes it (docs/decisions.md, "Test run time").
 */
const HEAVIEST = [
  "tests/security/access-matrix.test.ts",
  "tests/security/fuzz.test.ts",
  "tests/server/patient-list-reference.test.ts",
  "tests/server/network-generator.test.ts",
  "tests/server/patient-list-network.test.ts",
  "tests/security/startup.test.ts",
  "tests/security/brute-force.test.ts",
  "tests/server/security/security.test.ts",
  "tests/server/entities/list-paging.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = HEAVIEST.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? HEAVIEST.length : i;
};

/** Vitest's own order (isolated project first, then by timing cache or size), the heaviest files first within it. */
export class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const position = new Map(base.map((spec, i) => [spec, i]));
    return [...base].sort((a, b) => {
      if (a.project.name !== b.project.name) return (position.get(a) ?? 0) - (position.get(b) ?? 0);
      return rank(a) - rank(b) || (position.get(a) ?? 0) - (position.get(b) ?? 0);
    });
  }
}
