import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { giveLocations, insertLocation, settingsSuite } from "../../helpers/settings.ts";
import { createTestApp, DATABASES } from "../../helpers/test-app.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

type Location = Record<string, unknown> & { id: number; name: string };

describe.each(DATABASES)("settings: locations on $name", (database) => {
  const t = settingsSuite(database, "loc");

  const { call } = t;

  const add = async (body: Record<string, unknown>): Promise<Location> => {
    const res = await call("POST", "/api/location", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  const locationIdsOf = async (userId: number) =>
    (
      await t.db
        .selectFrom("user_location")
        .select("location_id")
        .where("user_id", "=", userId)
        .orderBy("location_id")
        .execute()
    ).map((r) => r.location_id);

  describe("GET /api/state", () => {
    it("lists the 50 states, DC and the territories by code and name", async () => {
      const res = await call("GET", "/api/state", undefined, t.roles.headers.clinician);
      expect(res.statusCode).toBe(200);
      const { rows, totalRecords } = res.json();
      expect(totalRecords).toBe(56);
      expect(rows).toContainEqual({ code: "NY", name: "New York" });
      expect(rows).toContainEqual({ code: "DC", name: "District of Columbia" });
      expect(rows).toContainEqual({ code: "PR", name: "Puerto Rico" });
      expect(rows[0]).toEqual({ code: "AL", name: "Alabama" });
    });

    it("is for clinical users only", async () => {
      expect((await call("GET", "/api/state", undefined, t.roles.headers.respondent)).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(401);
    });
  });

  describe("add and edit", () => {
    it("adds a location with its address and answers it with the state's name", async () => {
      const location = await add({
        name: "  Riverside Clinic ",
        address_line1: "12 River Rd",
        address_line2: "",
        city: "Albany",
        state: "NY",
        zip: "12207",
      });
      expect(location).toMatchObject({
        name: "Riverside Clinic",
        address_line1: "12 River Rd",
        address_line2: null,
        city: "Albany",
        state: "NY",
        state_name: "New York",
        zip: "12207",
        user_count: 0,
      });
      expect(typeof location.uuid).toBe("string");
      const read = await call("GET", `/api/location/${location.id}`);
      expect(read.json()).toEqual(location);
      const history = await t.db
        .selectFrom("record_history")
        .select(["version", "changed_by"])
        .where("entity", "=", "location")
        .where("entity_id", "=", location.id)
        .execute();
      expect(history).toEqual([{ version: 1, changed_by: t.roles.ids.admin }]);
    });

    it("refuses bad input with the schema's messages", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, "name", "Name is required"],
        [{ name: "   " }, "name", "Name is required"],
        [{ name: "Zip Test", zip: "1234" }, "zip", "Zip is not valid"],
        [{ name: "State Test", state: "XX" }, "state", "State is not valid"],
        [{ name: "Extra", beds: 4 }, "beds", "That field is not part of a location"],
      ];
      for (const [body, field, message] of cases) {
        const res = await call("POST", "/api/location", body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe("validation");
        expect(res.json().errors).toContainEqual({ field, message });
      }
      const notJson = await t.app.inject({
        method: "POST",
        url: "/api/location",
        headers: { ...t.admin, "content-type": "application/json" },
        payload: "{name",
      });
      expect(notJson.statusCode).toBe(400);
    });

    it("keeps names unique whatever their case", async () => {
      await add({ name: "Hilltop" });
      const res = await call("POST", "/api/location", { name: "HILLTOP" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "name", message: "Location name already in use" }]);
    });

    it("edits a location; the save states the whole record", async () => {
      const location = await add({ name: "Lakeside", city: "Buffalo", state: "NY", zip: "14201" });
      const res = await call("PUT", `/api/location/${location.id}`, {
        name: "Lakeside North",
        state: "NJ",
        version: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: "Lakeside North",
        city: null,
        state: "NJ",
        state_name: "New Jersey",
        version: 2,
      });
      const taken = await call("PUT", `/api/location/${location.id}`, { name: "hilltop", version: 2 });
      expect(taken.json().errors).toEqual([{ field: "name", message: "Location name already in use" }]);
      // Saving under its own name is not a clash.
      const same = await call("PUT", `/api/location/${location.id}`, { name: "LAKESIDE north", version: 2 });
      expect(same.statusCode).toBe(200);
    });

    it("answers 404 for a location that does not exist and 400 for an id that is not one", async () => {
      expect((await call("GET", "/api/location/999999")).statusCode).toBe(404);
      expect((await call("PUT", "/api/location/999999", { name: "Ghost", version: 1 })).statusCode).toBe(404);
      expect((await call("DELETE", "/api/location/999999")).statusCode).toBe(404);
      expect((await call("GET", "/api/location/999999/users")).statusCode).toBe(404);
      const bad = await call("GET", "/api/location/abc");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: "id", message: "Id is not valid" }]);
    });
  });

  describe("GET /api/location", () => {
    it("pages, searches and sorts, counting every match", async () => {
      const a = await add({ name: "Search Alpha", city: "Zanesville" });
      const b = await add({ name: "Search Beta", city: "Akron" });
      const user = await createUser(t.db, { username: "loc-search-user", roles: ["clinician"] });
      await giveLocations(t.db, user, [b.id]);

      const byName = await call("GET", "/api/location?search=search%20&pageSize=1");
      expect(byName.statusCode).toBe(200);
      expect(byName.json().totalRecords).toBe(2);
      expect(byName.json().rows.map((r: Location) => r.id)).toEqual([a.id]);
      const page2 = await call("GET", "/api/location?search=search&pageSize=1&page=2");
      expect(page2.json().rows.map((r: Location) => r.id)).toEqual([b.id]);

      const byCity = await call("GET", "/api/location?search=akron");
      expect(byCity.json().rows.map((r: Location) => r.name)).toEqual(["Search Beta"]);
      const byUsers = await call("GET", "/api/location?search=search&sort=user_count&order=desc");
      expect(byUsers.json().rows.map((r: Location) => [r.name, r.user_count])).toEqual([
        ["Search Beta", 1],
        ["Search Alpha", 0],
      ]);
      // A literal % in the search is not a wildcard.
      expect((await call("GET", "/api/location?search=%25")).json().totalRecords).toBe(0);
    });

    it("refuses a sort or page it does not know", async () => {
      const sort = await call("GET", "/api/location?sort=password");
      expect(sort.statusCode).toBe(400);
      expect(sort.json().errors).toEqual([{ field: "sort", message: "Sort is not valid" }]);
      expect((await call("GET", "/api/location?page=0")).statusCode).toBe(400);
      expect((await call("GET", "/api/location?pageSize=100000")).statusCode).toBe(400);
      expect((await call("GET", "/api/location?page=99999999999999999")).statusCode).toBe(400);
    });

    it("lists id and name for pickers, for anyone who works on patients", async () => {
      const res = await call("GET", "/api/location/for-list", undefined, t.roles.headers.clinician);
      expect(res.statusCode).toBe(200);
      const names = res.json().rows.map((r: { name: string }) => r.name);
      expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
      expect(Object.keys(res.json().rows[0]).sort()).toEqual(["id", "name"]);
      expect((await call("GET", "/api/location/for-list", undefined, t.roles.headers.respondent)).statusCode).toBe(403);
    });
  });

  describe("users, reassignment and delete", () => {
    it("lists a location's users and moves them all to another location", async () => {
      const from = await add({ name: "Old Annex" });
      const to = await add({ name: "New Annex" });
      const only = await createUser(t.db, { username: "loc-only", roles: ["clinician"], firstName: "Olive" });
      const both = await createUser(t.db, { username: "loc-both", roles: ["staff"], firstName: "Bo" });
      await giveLocations(t.db, only, [from.id]);
      await giveLocations(t.db, both, [from.id, to.id]);

      const users = await call("GET", `/api/location/${from.id}/users`);
      expect(users.statusCode).toBe(200);
      expect(users.json().rows.map((u: { id: number; other_locations: number }) => [u.id, u.other_locations])).toEqual([
        [both, 1],
        [only, 0],
      ]);

      const inUse = await call("DELETE", `/api/location/${from.id}`);
      expect(inUse.statusCode).toBe(400);
      expect(inUse.json().error).toBe(
        "This location has 2 users. Reassign them to another location before deleting it.",
      );

      const moved = await call("PUT", "/api/location/reassign", { fromLocationId: from.id, toLocationId: to.id });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ fromLocationId: from.id, toLocationId: to.id, moved: 2 });
      expect(await locationIdsOf(only)).toEqual([to.id]);
      expect(await locationIdsOf(both)).toEqual([to.id]);
      expect((await call("GET", `/api/location/${from.id}/users`)).json().totalRecords).toBe(0);

      expect((await call("DELETE", `/api/location/${from.id}`)).statusCode).toBe(204);
      expect((await call("GET", `/api/location/${from.id}`)).statusCode).toBe(404);
      expect(await locationIdsOf(only)).toEqual([to.id]);
    });

    it("refuses a reassignment to the same or a missing location", async () => {
      const here = await add({ name: "Reassign Here" });
      const same = await call("PUT", "/api/location/reassign", { fromLocationId: here.id, toLocationId: here.id });
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual([
        { field: "toLocationId", message: "Choose a different location to move the users to" },
      ]);
      const missing = await call("PUT", "/api/location/reassign", { fromLocationId: here.id, toLocationId: 999999 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { field: "toLocationId", message: "Choose the location to move the users to" },
      ]);
      const blank = await call("PUT", "/api/location/reassign", { fromLocationId: here.id });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual([
        { field: "toLocationId", message: "Choose the location to move the users to" },
      ]);
      expect((await call("PUT", "/api/location/reassign", { fromLocationId: "x", toLocationId: 1 })).statusCode).toBe(
        400,
      );
    });

    it("refuses to delete a location a program still names", async () => {
      const site = await add({ name: "Program Site" });
      await sql`insert into program (name, location_id) values ('Day Program', ${site.id})`.execute(t.db);
      const res = await call("DELETE", `/api/location/${site.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        "This location is used by 1 program. Move them to another location before deleting it.",
      );
    });

    it("never deletes the last location", async () => {
      const t2 = await createTestApp(database);
      try {
        const adminId = await createUser(t2.db, { username: "solo-admin", roles: ["admin"] });
        const headers = await authHeader(t2.db, adminId);
        const only = await insertLocation(t2.db, "Only Location");
        const res = await t2.app.inject({ method: "DELETE", url: `/api/location/${only}`, headers });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: "The last location cannot be deleted.", code: "last_location" });
        expect(await t2.db.selectFrom("location").select("id").execute()).toEqual([{ id: only }]);
      } finally {
        await t2.close();
      }
    });
  });

  describe("malformed requests", () => {
    it("answers 400, never 500", async () => {
      for (const payload of [null, [], "Main St", { name: ["A"] }, { name: "A", zip: 12345 }]) {
        expect((await call("POST", "/api/location", payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      const huge = 2 ** 60;
      const reassign = await call("PUT", "/api/location/reassign", { fromLocationId: huge, toLocationId: huge - 1 });
      expect(reassign.statusCode).toBe(400);
      expect((await call("GET", `/api/location/${huge}`)).statusCode).toBe(400);
      expect((await call("GET", "/api/location?search[x]=1")).statusCode).toBe(400);
    });
  });

  describe("permissions", () => {
    it("gives the location pages to admins only (staff, clinicians, supervisors, directors, respondents get 403)", async () => {
      const target = await add({ name: "Permission Target" });
      const other = await add({ name: "Permission Other" });
      const requests: [string, string, unknown?][] = [
        ["GET", "/api/location"],
        ["GET", `/api/location/${target.id}`],
        ["GET", `/api/location/${target.id}/users`],
        ["POST", "/api/location", { name: "Sneaky" }],
        ["PUT", `/api/location/${target.id}`, { name: "Renamed", version: 1 }],
        ["PUT", "/api/location/reassign", { fromLocationId: target.id, toLocationId: other.id }],
        ["DELETE", `/api/location/${target.id}`],
      ];
      for (const role of ["staff", "clinician", "supervisor", "director", "respondent"] as const) {
        for (const [method, url, body] of requests) {
          const res = await call(method as "GET", url, body, t.roles.headers[role]);
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        }
      }
      for (const [method, url, body] of requests) {
        expect((await t.app.inject({ method: method as "GET", url, payload: body as object })).statusCode).toBe(401);
      }
      expect((await call("GET", `/api/location/${target.id}`)).json().name).toBe("Permission Target");
    });
  });
});
