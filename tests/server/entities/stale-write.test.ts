import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { ENTITY_CASES } from "../../helpers/entity-cases.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";

/**
 * Optimistic concurrency (issue 7 §2) for every editable entity: two people open one record;
 * the first saves; the second's save, based on the version they loaded, is refused with 409 and
 * the record keeps the first person's change. A save that names no version is refused too.
 */
describe.each(DATABASES)("stale writes on $name", (database) => {
  // One app for every entity: each case creates its own records, and an app costs seconds to build.
  const s = settingsSuite(database, "sw");
  describe.each(ENTITY_CASES)("of $entity", (entityCase) => {
    it("refuses a save based on an older version with 409 and changes nothing", async () => {
      const opened = await entityCase.create(s, {});
      const first = entityCase.update(opened, {});
      const saved = await s.call("PUT", first.url, first.body);
      expect(saved.statusCode, saved.body).toBe(200);
      const afterFirst = await entityCase.read(s, opened.id);
      expect(afterFirst.version).toBe(opened.version + 1);

      const stale = entityCase.update(opened, {});
      const res = await s.call("PUT", stale.url, stale.body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: MESSAGES.staleRecord,
        code: "stale_record",
        currentVersion: afterFirst.version,
      });
      expect(await entityCase.read(s, opened.id)).toEqual(afterFirst);
    });

    it("refuses a save that names no version with 428 and changes nothing", async () => {
      const opened = await entityCase.create(s, {});
      const { url, body } = entityCase.update(opened, {});
      const res = await s.call("PUT", url, { ...body, version: undefined });
      expect(res.statusCode).toBe(428);
      expect(res.json().code).toBe("version_required");
      expect(await entityCase.read(s, opened.id)).toEqual(opened);
    });
  });
});
