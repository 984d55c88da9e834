/**
 * Writes docs/measures.md from measures/*.json (after `npm run codegen`): the developers' record
 * of where each definition was read and what is not verified, which the app never shows.
 */
import { writeFileSync } from "node:fs";
import { measuresDeveloperDoc } from "../src/shared/measures/developer-doc.ts";
import { MEASURE_LIBRARY } from "../src/shared/measures/library.ts";

writeFileSync("docs/measures.md", measuresDeveloperDoc(MEASURE_LIBRARY));
console.log("wrote docs/measures.md");
