import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { activityCodes } from "../../helpers/accounts.ts";
import { addPatient } from "../../helpers/patients.ts";
import { giveLocations, insertLocation, settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { createUser, TEST_PASSWORD } from "../../helpers/users.ts";

type User = Record<string, unknown> & {
  id: number;
  version: number;
  status: number;
  roles: string[];
  superiors: number[];
  subordinates: number[];
};

let seq = 0;
const unique = (base: string) => `${base}${++seq}`;

describe.each(DATABASES)("settings: clinical users on $name", (database) => {
  const t = settingsSuite(database, "cu");
  let north: number;
  let south: number;

  beforeAll(async () => {
    north = await insertLocation(t.db, "North Clinic");
    south = await insertLocation(t.db, "South Clinic");
  });

  const { call } = t;

  const body = (overrides: Record<string, unknown> = {}) => ({
    first_name: "Jamie",
    last_name: unique("Rivera"),
    email: `${unique("jamie")}@example.org`,
    mobile_number: null,
    provider_id: null,
    roles: ["clinician"],
    locations: [north],
    superiors: [],
    subordinates: [],
    ...overrides,
  });

  const add = async (overrides: Record<string, unknown> = {}): Promise<User> => {
    const res = await call("POST", "/api/clinical-user", body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  const read = async (id: number): Promise<User> => {
    const res = await call("GET", `/api/clinical-user/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Saves an edit as the form does: the whole record, with the version it loaded. */
  const edit = async (id: number, payload: Record<string, unknown>) =>
    call("PUT", `/api/clinical-user/${id}`, { ...payload, version: (await read(id)).version });

  const changeStatus = (id: number, action: string, headers = t.admin) =>
    call("POST", `/api/clinical-user/change-status/${id}`, { action }, headers);

  const statusOf = async (id: number) =>
    (await t.db.selectFrom("app_user").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  describe("add and edit", () => {
    it("adds a Not Invited clinical user with roles, locations and contact details, and logs it", async () => {
      const user = await add({
        first_name: " Jamie ",
        mobile_number: "(555) 201-3344",
        provider_id: "NPI100",
        roles: ["clinician", "staff"],
        locations: [south, north],
      });
      expect(user).toMatchObject({
        first_name: "Jamie",
        full_name: `Jamie ${user.last_name}`,
        status: 3,
        username: null,
        mobile_number: "5552013344",
        provider_id: "NPI100",
        roles: ["clinician", "staff"],
        locations: [north, south].sort((a, b) => a - b),
        location_names: ["North Clinic", "South Clinic"],
        superiors: [],
        subordinates: [],
        last_login: null,
        last_activity_code: ACTIVITY.accountCreated,
        invited_at: null,
      });
      expect(user.contact_information).toBe(`${user.email}, (555) 201-3344`);
      expect(await read(user.id)).toEqual(user);
      const log = await t.db
        .selectFrom("activity_log")
        .select(["code", "actor_id"])
        .where("user_id", "=", user.id)
        .execute();
      expect(log).toEqual([{ code: ACTIVITY.accountCreated, actor_id: t.roles.ids.admin }]);
    });

    it("needs a location and a role, and says so in the spec's words", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ locations: [] }, "locations", "Location is required"],
        [{ locations: undefined }, "locations", "Location is required"],
        [{ roles: [] }, "roles", "Role is required"],
        [{ roles: undefined }, "roles", "Role is required"],
        [{ first_name: "  " }, "first_name", "First name is required"],
        [{ last_name: undefined }, "last_name", "Last name is required"],
        [{ email: "not-an-email" }, "email", "Invalid email"],
        [{ mobile_number: "555123" }, "mobile_number", "That mobile number is too short. It must be 10 digits."],
        [{ provider_id: "NPI-1" }, "provider_id", "Provider id is not valid"],
        [{ roles: ["wizard"] }, "roles", "Role is not valid"],
        [{ locations: ["north"] }, "locations", "Location is not valid"],
        [{ password: "x" }, "password", "That field is not part of a clinical user"],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await call("POST", "/api/clinical-user", body(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().errors, JSON.stringify(overrides)).toContainEqual({ field, message });
      }
    });

    it("ignores read-only fields: a new user cannot be made Active or given a login by the form", async () => {
      const user = await add({ status: 2, username: "sneaky", last_login: "2020-01-01T00:00:00Z" });
      expect(user).toMatchObject({ status: 3, username: null, last_login: null });
    });

    it("gives only the roles settings may give, and only locations that exist", async () => {
      for (const role of ["respondent", "pdf", "director", "therapist"]) {
        const res = await call("POST", "/api/clinical-user", body({ roles: ["clinician", role] }));
        expect(res.statusCode, role).toBe(400);
        expect(res.json().errors).toEqual([{ field: "roles", message: "Role is not valid" }]);
      }
      const res = await call("POST", "/api/clinical-user", body({ locations: [north, 999999] }));
      expect(res.json().errors).toEqual([{ field: "locations", message: "Location is not valid" }]);
      // A role the user already holds may stay, so editing a director does not fail.
      const director = await read(t.roles.ids.director);
      const edited = await call("PUT", `/api/clinical-user/${director.id}`, {
        ...body({ first_name: "Dee", roles: ["director"], locations: [north] }),
        email: null,
        version: director.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ first_name: "Dee", roles: ["director"], email: null });
    });

    it("edits a user; the save replaces every field, and an admin keeps their own admin role", async () => {
      const user = await add({ mobile_number: "5550001111", provider_id: "EDIT1" });
      const res = await call("PUT", `/api/clinical-user/${user.id}`, {
        first_name: "Jordan",
        last_name: "Lee",
        roles: ["staff"],
        locations: [south],
        version: user.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        first_name: "Jordan",
        last_name: "Lee",
        email: null,
        mobile_number: null,
        provider_id: null,
        roles: ["staff"],
        locations: [south],
        contact_information: "",
        version: user.version + 1,
      });
      const own = await edit(t.roles.ids.admin, body({ roles: ["staff"] }));
      expect(own.statusCode).toBe(400);
      expect(own.json().errors).toEqual([{ field: "roles", message: "You cannot remove your own admin role" }]);
      const versions = await t.db
        .selectFrom("record_history")
        .select("version")
        .where("entity", "=", "clinical_user")
        .where("entity_id", "=", user.id)
        .execute();
      expect(versions.map((v) => v.version)).toEqual([1, 2]);
    });

    it("refuses a save based on an older version (409) or naming none (428), changing nothing", async () => {
      const user = await add({ provider_id: unique("STALE") });
      const url = `/api/clinical-user/${user.id}`;
      const first = await call("PUT", url, { ...body({ first_name: "First" }), version: user.version });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().version).toBe(user.version + 1);

      // A second form, opened before the first save, saves what it loaded: someone else's change would be lost.
      const stale = await call("PUT", url, {
        ...body({ first_name: "Second", roles: ["staff"], locations: [south], mobile_number: "5550009999" }),
        version: user.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        error: "This record was changed by someone else. Reload it to see their changes.",
        code: "stale_record",
        currentVersion: user.version + 1,
      });
      const unversioned = await call("PUT", url, body({ first_name: "Third" }));
      expect(unversioned.statusCode).toBe(428);
      expect(unversioned.json().code).toBe("version_required");

      expect(await read(user.id)).toEqual(first.json());
      const versions = await t.db
        .selectFrom("record_history")
        .select("version")
        .where("entity", "=", "clinical_user")
        .where("entity_id", "=", user.id)
        .execute();
      expect(versions.map((v) => v.version)).toEqual([1, 2]);
    });

    it("counts moving a user to another location as a change of the user", async () => {
      const closing = await insertLocation(t.db, unique("Closing Clinic"));
      const user = await add({ locations: [closing] });
      const moved = await call("PUT", "/api/location/reassign", { fromLocationId: closing, toLocationId: north });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await read(user.id)).toMatchObject({ locations: [north], version: user.version + 1 });
      const stale = await call("PUT", `/api/clinical-user/${user.id}`, {
        ...body({ locations: [closing] }),
        version: user.version,
      });
      expect(stale.statusCode).toBe(409);
    });

    it("answers 404 for a missing user or a patient user, and 400 for a bad id", async () => {
      expect((await call("GET", "/api/clinical-user/999999")).statusCode).toBe(404);
      expect((await call("GET", `/api/clinical-user/${t.roles.ids.respondent}`)).statusCode).toBe(404);
      expect((await call("PUT", "/api/clinical-user/999999", { ...body(), version: 1 })).statusCode).toBe(404);
      expect((await call("GET", "/api/clinical-user/1.5")).statusCode).toBe(400);
      expect((await call("PUT", "/api/clinical-user/x", body())).statusCode).toBe(400);
    });
  });

  describe("provider id", () => {
    it("is unique whatever its case, with spec §5's messages", async () => {
      const first = await add({ provider_id: "Npi777" });
      const clash = await call("POST", "/api/clinical-user", body({ provider_id: "NPI777" }));
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toEqual({
        error: "provider id in use",
        code: "validation",
        errors: [{ field: "provider_id", message: "Id already in use" }],
      });
      const check = (query: string) =>
        call("GET", `/api/clinical-user/validate-provider-id-available?${query}`).then((r) => r.json());
      expect(await check("provider_id=npi777")).toEqual({ available: false, message: "Id already in use" });
      expect(await check(`provider_id=npi777&clinician_id=${first.id}`)).toEqual({ available: true });
      expect(await check("provider_id=FREE1")).toEqual({ available: true });
      const blank = await call("GET", "/api/clinical-user/validate-provider-id-available?provider_id=");
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual([{ field: "provider_id", message: "Provider id is required" }]);
      expect((await call("GET", "/api/clinical-user/validate-provider-id-available")).statusCode).toBe(400);
      expect(
        (await call("GET", "/api/clinical-user/validate-provider-id-available?provider_id=A1&clinician_id=me"))
          .statusCode,
      ).toBe(400);
      // The user keeps their own id when saved again.
      const again = await edit(first.id, body({ provider_id: "NPI777" }));
      expect(again.statusCode, again.body).toBe(200);
    });
  });

  describe("supervisors", () => {
    it("links supervisors and supervised clinicians from either side", async () => {
      const sup = await add({ roles: ["supervisor"] });
      const clin = await add({ superiors: [sup.id] });
      expect(clin.superiors).toEqual([sup.id]);
      expect((await read(sup.id)).subordinates).toEqual([clin.id]);
      const other = await add();
      const res = await edit(
        sup.id,
        body({ last_name: sup.last_name, roles: ["supervisor"], subordinates: [other.id] }),
      );
      expect(res.json().subordinates).toEqual([other.id]);
      expect((await read(clin.id)).superiors).toEqual([]);
      expect((await read(other.id)).superior_names).toEqual([`Jamie ${sup.last_name}`]);
    });

    it("takes only supervisors as supervisors, and nobody supervises themselves", async () => {
      const clin = await add();
      const notSup = await call("POST", "/api/clinical-user", body({ superiors: [clin.id] }));
      expect(notSup.json().errors).toEqual([
        { field: "superiors", message: "Supervisors must be users with the supervisor role" },
      ]);
      const missing = await call("POST", "/api/clinical-user", body({ superiors: [999999] }));
      expect(missing.json().errors).toEqual([
        { field: "superiors", message: "Supervisors must be users with the supervisor role" },
      ]);
      const sup = await add({ roles: ["supervisor"] });
      const self = await edit(sup.id, body({ roles: ["supervisor"], subordinates: [sup.id] }));
      expect(self.json().errors).toEqual([{ field: "subordinates", message: "A user cannot supervise themselves" }]);
      const selfSuperior = await edit(clin.id, body({ superiors: [clin.id] }));
      expect(selfSuperior.statusCode).toBe(400);
    });

    it("never lets a supervisor be supervised: adding the role removes their supervisors", async () => {
      const boss = await add({ roles: ["supervisor"] });
      const rising = await add({ superiors: [boss.id] });
      expect(rising.superiors).toEqual([boss.id]);
      // The form still holds the old supervisor; the role wins.
      const promoted = await edit(rising.id, body({ roles: ["clinician", "supervisor"], superiors: [boss.id] }));
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json().superiors).toEqual([]);
      expect((await read(boss.id)).subordinates).toEqual([]);
      const supervised = await edit(boss.id, body({ roles: ["supervisor"], subordinates: [rising.id] }));
      expect(supervised.statusCode).toBe(400);
      expect(supervised.json().errors).toEqual([
        { field: "subordinates", message: "A supervisor cannot be supervised" },
      ]);
    });

    it("counts a link made from the supervisor's side as a change of the clinician", async () => {
      const sup = await add({ roles: ["supervisor"] });
      const clin = await add();
      const opened = await read(clin.id);
      expect((await edit(sup.id, body({ roles: ["supervisor"], subordinates: [clin.id] }))).statusCode).toBe(200);
      expect(await read(clin.id)).toMatchObject({ superiors: [sup.id], version: opened.version + 1 });
      // A form opened on the clinician before still shows no supervisor: saving it would undo the link.
      const stale = await call("PUT", `/api/clinical-user/${clin.id}`, { ...body(), version: opened.version });
      expect(stale.statusCode).toBe(409);
      expect((await read(clin.id)).superiors).toEqual([sup.id]);
      const history = await t.db
        .selectFrom("record_history")
        .select(["version", "changed_by"])
        .where("entity", "=", "clinical_user")
        .where("entity_id", "=", clin.id)
        .execute();
      expect(history).toEqual([
        { version: 1, changed_by: t.roles.ids.admin },
        { version: 2, changed_by: t.roles.ids.admin },
      ]);
    });

    it("keeps supervised clinicians only for supervisors", async () => {
      const clin = await add();
      const other = await add({ subordinates: [clin.id] });
      expect(other.subordinates).toEqual([]);
    });

    it("lists supervisors for the form's picker, leaving out deactivated ones when asked", async () => {
      const gone = await add({ roles: ["supervisor"], last_name: "Zz-Gone" });
      await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", gone.id).execute();
      const list = async (query: string, headers = t.admin) => {
        const res = await call("GET", `/api/clinical-user/by-role/supervisor${query}`, undefined, headers);
        expect(res.statusCode).toBe(200);
        return res.json().rows.map((r: { id: number }) => r.id) as number[];
      };
      const all = await list("", t.roles.headers.clinician);
      expect(all).toContain(gone.id);
      expect(all).toContain(t.roles.ids.supervisor);
      expect(all).not.toContain(t.roles.ids.clinician);
      expect(await list("?onlyActive=1")).not.toContain(gone.id);
      expect((await call("GET", "/api/clinical-user/by-role/supervisor?onlyActive=2")).statusCode).toBe(400);
      const clinicians = await call(
        "GET",
        "/api/clinical-user/by-role/clinician",
        undefined,
        t.roles.headers.clinician,
      );
      expect(clinicians.json().rows.map((r: { id: number }) => r.id)).toContain(t.roles.ids.clinician);
      expect(
        (await call("GET", "/api/clinical-user/by-role/supervisor", undefined, t.roles.headers.respondent)).statusCode,
      ).toBe(403);
    });
  });

  describe("GET /api/clinical-user", () => {
    it("filters by status, role and missing contact information, searches and pages", async () => {
      const tag = unique("Filterson");
      const quiet = await add({ last_name: tag, email: null, roles: ["staff"] });
      const loud = await add({ last_name: tag, roles: ["clinician"] });
      const phoneOnly = await add({ last_name: tag, email: null, mobile_number: "5559990000" });
      await t.db.updateTable("app_user").set({ status: 2 }).where("id", "=", loud.id).execute();
      const ids = async (query: string) => {
        const res = await call("GET", `/api/clinical-user?search=${tag}&${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().rows as User[]).map((r) => r.id).sort((a, b) => a - b);
      };
      expect(await ids("")).toEqual([quiet.id, loud.id, phoneOnly.id].sort((a, b) => a - b));
      expect(await ids("status=2")).toEqual([loud.id]);
      expect(await ids("roles=staff")).toEqual([quiet.id]);
      expect(await ids("roles=staff&roles=clinician")).toEqual([quiet.id, loud.id, phoneOnly.id].sort((a, b) => a - b));
      expect(await ids("no_contact_information=true")).toEqual([quiet.id]);
      expect(await ids("no_contact_information=1")).toEqual([quiet.id]);
      const page = await call("GET", `/api/clinical-user?search=${tag}&pageSize=2&page=2&sort=first_name`);
      expect(page.json().totalRecords).toBe(3);
      expect(page.json().rows).toHaveLength(1);
      for (const bad of ["status=9", "roles=wizard", "no_contact_information=maybe", "sort=password_hash"]) {
        expect((await call("GET", `/api/clinical-user?${bad}`)).statusCode, bad).toBe(400);
      }
    });

    it("shows each user's last login and last activity", async () => {
      const username = unique("signs-in");
      const id = await createUser(t.db, { username, roles: ["clinician"] });
      await giveLocations(t.db, id, [north]);
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const res = await call("GET", `/api/clinical-user?search=${username}`);
      const row = res.json().rows[0];
      expect(row.id).toBe(id);
      expect(row.last_activity_code).toBe(ACTIVITY.loginSuccess);
      expect(Date.parse(row.last_login)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(row.last_activity_at)).toBeGreaterThan(Date.now() - 60_000);
      const sorted = await call("GET", "/api/clinical-user?sort=last_login&order=desc&pageSize=1");
      expect(sorted.json().rows[0].id).toBe(id);
    });
  });

  describe("status changes", () => {
    it("invites, invites again and cancels, logging each", async () => {
      const user = await add();
      const invited = await changeStatus(user.id, "invite");
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json().user.status).toBe(4);
      expect(invited.json().invitation).toMatchObject({ sent: true, channel: "email" });
      expect(invited.json().user.invited_at).not.toBeNull();
      const again = await changeStatus(user.id, "invite_again");
      expect(again.statusCode, again.body).toBe(200);
      expect((await changeStatus(user.id, "invite")).json()).toMatchObject({ code: "invalid_status" });
      const canceled = await changeStatus(user.id, "cancel_invite");
      expect(canceled.json().user.status).toBe(3);
      expect(await activityCodes(t.db, user.id)).toEqual([
        ACTIVITY.accountCreated,
        ACTIVITY.invitationSent,
        ACTIVITY.invitationSent,
        ACTIVITY.invitationCanceled,
      ]);
      const tokens = await t.db
        .selectFrom("one_time_token")
        .select("used_at")
        .where("user_id", "=", user.id)
        .where("purpose", "=", "account_setup")
        .execute();
      expect(tokens).toHaveLength(2);
      expect(tokens.every((row) => row.used_at !== null)).toBe(true);
      expect((await changeStatus(user.id, "cancel_invite")).statusCode).toBe(400);
    });

    it("refuses an invitation that cannot reach the user, changing nothing", async () => {
      const user = await add({ email: null });
      const res = await changeStatus(user.id, "invite");
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("invalid_status");
      expect(res.json().error).toMatch(/contact/);
      expect(await statusOf(user.id)).toBe(3);
      expect(await activityCodes(t.db, user.id)).toEqual([ACTIVITY.accountCreated]);
    });

    it("deactivates a signed-in user: their sessions end at once, past links stop working", async () => {
      const username = unique("leaver");
      const id = await createUser(t.db, { username, roles: ["clinician"] });
      await giveLocations(t.db, id, [north]);
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username, password: TEST_PASSWORD },
      });
      const { accessToken, refreshToken } = login.json();
      const bearer = { authorization: `Bearer ${accessToken}` };
      expect((await call("GET", "/api/security/get-session", undefined, bearer)).statusCode).toBe(200);

      const res = await changeStatus(id, "deactivate");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.status).toBe(1);
      expect((await call("GET", "/api/security/get-session", undefined, bearer)).statusCode).toBe(401);
      const renew = await t.app.inject({ method: "POST", url: "/api/security/renew-token", payload: { refreshToken } });
      expect(renew.statusCode).toBe(401);
      const live = await t.db
        .selectFrom("refresh_token")
        .select("id")
        .where("user_id", "=", id)
        .where("revoked_at", "is", null)
        .execute();
      expect(live).toEqual([]);
      expect((await activityCodes(t.db, id)).at(-1)).toBe(ACTIVITY.inactivated);
      expect((await changeStatus(id, "deactivate")).json().error).toBe("This user is already inactive.");

      const back = await changeStatus(id, "activate_and_invite");
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().user.status).toBe(4);
      expect(back.json().invitation.sent).toBe(true);
      expect((await activityCodes(t.db, id)).slice(-2)).toEqual([ACTIVITY.reactivated, ACTIVITY.invitationSent]);
      expect((await changeStatus(id, "activate_and_invite")).statusCode).toBe(400);
    });

    it("deactivating a user with a pending invitation makes the link useless", async () => {
      const user = await add();
      await changeStatus(user.id, "invite");
      const res = await changeStatus(user.id, "deactivate");
      expect(res.json().user.status).toBe(1);
      const open = await t.db
        .selectFrom("one_time_token")
        .select("id")
        .where("user_id", "=", user.id)
        .where("used_at", "is", null)
        .execute();
      expect(open).toEqual([]);
    });

    it("reactivates a user who cannot be reached as Not Invited and says why", async () => {
      const user = await add({ email: null });
      await changeStatus(user.id, "deactivate");
      const res = await changeStatus(user.id, "activate_and_invite");
      expect(res.statusCode).toBe(200);
      expect(res.json().user.status).toBe(3);
      expect(res.json().invitation.sent).toBe(false);
      expect(res.json().invitation.reason).toMatch(/contact/);
    });

    it("refuses to deactivate yourself, an unknown action and a missing user", async () => {
      const self = await changeStatus(t.roles.ids.admin, "deactivate");
      expect(self.statusCode).toBe(400);
      expect(self.json().error).toBe("You cannot deactivate your own account.");
      const bad = await changeStatus(t.roles.ids.clinician, "promote");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: "action", message: "Action is not valid" }]);
      expect((await call("POST", `/api/clinical-user/change-status/${t.roles.ids.clinician}`, {})).statusCode).toBe(
        400,
      );
      expect((await changeStatus(999999, "deactivate")).statusCode).toBe(404);
      expect((await changeStatus(t.roles.ids.respondent, "deactivate")).statusCode).toBe(404);
    });
  });

  describe("password reset by an admin", () => {
    it("sets Password Reset, ends sessions, sends a reset link and logs it", async () => {
      const username = unique("forgetful");
      const id = await createUser(t.db, { username, roles: ["clinician"] });
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username, password: TEST_PASSWORD },
      });
      const bearer = { authorization: `Bearer ${login.json().accessToken}` };
      const res = await call("POST", `/api/security/reset-clinical-user-password/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.status).toBe(5);
      expect(res.json().message).toMatchObject({ sent: true, channel: "email" });
      expect((await call("GET", "/api/security/get-session", undefined, bearer)).statusCode).toBe(401);
      expect((await activityCodes(t.db, id)).slice(-2)).toEqual([ACTIVITY.passwordReset, ACTIVITY.resetRequestSent]);
      // The next sign-in must change the password.
      const next = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username, password: TEST_PASSWORD },
      });
      expect(next.json().user.mustChangePassword).toBe(true);
    });

    it("is refused for accounts not set up, inactive ones, your own, and non-admins", async () => {
      const fresh = await add();
      const res = await call("POST", `/api/security/reset-clinical-user-password/${fresh.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("This user has not set up their account yet. Invite them instead.");
      const own = await call("POST", `/api/security/reset-clinical-user-password/${t.roles.ids.admin}`);
      expect(own.statusCode).toBe(400);
      const gone = await createUser(t.db, { username: unique("gone"), roles: ["clinician"], status: 1 });
      expect((await call("POST", `/api/security/reset-clinical-user-password/${gone}`)).statusCode).toBe(400);
      expect((await call("POST", "/api/security/reset-clinical-user-password/999999")).statusCode).toBe(404);
      const staff = await call(
        "POST",
        `/api/security/reset-clinical-user-password/${t.roles.ids.clinician}`,
        undefined,
        t.roles.headers.staff,
      );
      expect(staff.statusCode).toBe(403);
      expect(await statusOf(t.roles.ids.clinician)).toBe(2);
    });
  });

  describe("DELETE /api/clinical-user/:id", () => {
    it("deletes a user added by mistake, and only such a user", async () => {
      const mistake = await add();
      expect((await call("DELETE", `/api/clinical-user/${mistake.id}`)).statusCode).toBe(204);
      expect((await call("GET", `/api/clinical-user/${mistake.id}`)).statusCode).toBe(404);

      const refusal = "This user has a history in the app and cannot be deleted. Deactivate the account instead.";
      const invited = await add();
      await changeStatus(invited.id, "invite");
      await changeStatus(invited.id, "cancel_invite");
      const res = await call("DELETE", `/api/clinical-user/${invited.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(refusal);

      const active = await call("DELETE", `/api/clinical-user/${t.roles.ids.clinician}`);
      expect(active.json().error).toBe(refusal);

      const assigned = await add();
      await addPatient(t.app, t.admin, { clinicians: [assigned.id] });
      const kept = await call("DELETE", `/api/clinical-user/${assigned.id}`);
      expect(kept.statusCode).toBe(400);
      expect(kept.json().error).toBe(refusal);
      expect((await read(assigned.id)).id).toBe(assigned.id);
      expect((await call("DELETE", "/api/clinical-user/999999")).statusCode).toBe(404);
    });
  });

  describe("malformed requests", () => {
    it("answers 400, never 500, whatever the body or query holds", async () => {
      const huge = 2 ** 60;
      const bodies: unknown[] = [
        null,
        [],
        "admin",
        42,
        body({ roles: "admin" }),
        body({ locations: [huge] }),
        body({ superiors: [huge] }),
        body({ subordinates: [-1] }),
        body({ first_name: { $ne: null } }),
        body({ email: `${"x".repeat(300)}@example.org` }),
      ];
      for (const payload of bodies) {
        const create = await call("POST", "/api/clinical-user", payload);
        expect(create.statusCode, JSON.stringify(payload)).toBe(400);
        const put = await call("PUT", `/api/clinical-user/${t.roles.ids.clinician}`, payload);
        expect(put.statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const url of [
        `/api/clinical-user/${huge}`,
        "/api/clinical-user/-1",
        `/api/clinical-user?page=${huge}`,
        "/api/clinical-user?search[$gt]=a",
        `/api/clinical-user/validate-provider-id-available?provider_id=A1&clinician_id=${huge}`,
      ]) {
        expect((await call("GET", url)).statusCode, url).toBe(400);
      }
      const status = await call("POST", `/api/clinical-user/change-status/${t.roles.ids.clinician}`, {
        action: ["deactivate"],
      });
      expect(status.statusCode).toBe(400);
      expect(await statusOf(t.roles.ids.clinician)).toBe(2);
    });
  });

  describe("permissions", () => {
    it("gives the clinical user pages to admins only", async () => {
      const target = t.roles.ids.clinician;
      const requests: [string, string, unknown?][] = [
        ["GET", "/api/clinical-user"],
        ["GET", `/api/clinical-user/${target}`],
        ["POST", "/api/clinical-user", body()],
        ["PUT", `/api/clinical-user/${target}`, body()],
        ["DELETE", `/api/clinical-user/${target}`],
        ["GET", "/api/clinical-user/validate-provider-id-available?provider_id=A1"],
        ["POST", `/api/clinical-user/change-status/${target}`, { action: "deactivate" }],
        ["POST", `/api/security/reset-clinical-user-password/${target}`],
      ];
      for (const role of ["staff", "clinician", "supervisor", "director", "respondent"] as const) {
        for (const [method, url, payload] of requests) {
          const res = await call(method as "GET", url, payload, t.roles.headers[role]);
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        }
      }
      for (const [method, url, payload] of requests) {
        expect((await t.app.inject({ method: method as "GET", url, payload: payload as object })).statusCode).toBe(401);
      }
      expect(await statusOf(target)).toBe(2);
    });
  });
});
