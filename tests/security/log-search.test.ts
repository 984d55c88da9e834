import { describe, expect, it } from "vitest";
import { phiAndSecretsIn } from "../helpers/log-search.ts";

// The log check must fail on a leaked code and must not fail on a pid that happens to equal one.
describe("the server-log search for secrets", () => {
  const line = (fields: string) => `{"level":30,"time":1795617261199,"pid":121538,"hostname":"ci",${fields}}\n`;

  it("does not count the server's pid, the time or a response time as a leaked code", () => {
    const log = line('"msg":"request completed","responseTime":121538') + line('"msg":"incoming request"');
    expect(phiAndSecretsIn(log, [], ["121538", "1795617261199"])).toEqual([]);
  });

  it("finds a code that stands alone in a message or a URL", () => {
    expect(phiAndSecretsIn(line('"msg":"sent code 121538"'), [], ["121538"])).toEqual(["secret: 121538"]);
    expect(phiAndSecretsIn(line('"url":"/answer?code=121538"'), [], ["121538"])).toEqual(["secret: 121538"]);
  });
});
