/**
 * How long findBy and waitFor wait before failing, for every client test: 5 s instead of
 * testing-library's 1 s. On a slow 2-core CI machine running two test files at a time, jsdom
 * took up to 2 s to render a chart's respondents (a clean-clone run of 2026-11-27 failed two
 * findByRole calls that passed everywhere else). A test that passes still passes as fast; only a
 * failure takes longer to report. Node-environment tests of the same project have no document.
 */
export {}; // a module, for the top-level await

if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5000 });
}
