import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELF_RELATION } from "../../../src/server/patients/self-relation.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { LIST_REACH } from "../../../src/shared/lists/list-reach.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** Each patient's own account and respondent link, as adding a patient makes them (patient-entity.ts). */
async function addOwnAccounts(t: TestApp): Promise<void> {
  await sql`insert into app_user (user_type, first_name, last_name, email)
    select 'patient', first_name, last_name, 'patient-' || id || '@example.org' from patient`.execute(t.db);
  await sql`update patient p set user_id = u.id from app_user u where u.email = 'patient-' || p.id || '@example.org'`.execute(
    t.db,
  );
  await sql`insert into cca_user (cca_id, user_id, relation_id)
    select cca.id, p.user_id, ${SELF_RELATION} from client_clinic_assignment cca join patient p on p.id = cca.patient_id`.execute(
    t.db,
  );
}

type Headers = { authorization: string };
type Page = {
  rows: { id: number; mrn?: string }[];
  totalRecords: number;
  totalAccuracy: string;
  nextCursor: string | null;
};

// More patients than a pager reaches, so the estimate and the cursor past the reach are exercised.
const PATIENTS = LIST_REACH + 40;
// "Walk" patients: a small set with repeated names, dates and genders, so ties decide the order.
const WALKERS = 23;

describe.each(DATABASES)("entity list paging past the reach, by cursor, on $name (issue 7 §4)", (database) => {
  let t: TestApp;
  let admin: Headers;
  let clinician: Headers;
  let clinicianId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    const clin = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    clinician = clin.headers;
    clinicianId = clin.id;
    // One statement each, not 10,000 API calls: the list is what is under test, not adding patients.
    await sql`insert into patient (mrn, first_name, last_name, birth_date, gender)
      select 'P' || lpad(i::text, 6, '0'),
        case when i <= ${WALKERS} then (array['Ana', 'Ben', 'Cy'])[1 + i % 3] else 'Bulk' end,
        case when i <= ${WALKERS} then (array['Walker', 'Walkerson'])[1 + i % 2] else 'Person' || i end,
        date '1990-01-01' + (i % 5) * 365,
        (array['f', 'm', 'n'])[1 + i % 3]
      from generate_series(1, ${PATIENTS}) as i`.execute(t.db);
    await sql`insert into client_clinic_assignment (patient_id) select id from patient`.execute(t.db);
    await addOwnAccounts(t);
    // The clinician sees every third walker: a cursor never lets them step onto another chart.
    await sql`insert into cca_clinician (cca_id, clinician_id)
      select cca.id, ${clinicianId} from client_clinic_assignment cca join patient p on p.id = cca.patient_id
      where p.first_name <> 'Bulk' and p.id % 3 = 0`.execute(t.db);
    await sql`analyze patient`.execute(t.db);
  }, 120_000);
  afterAll(async () => t.close());

  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: "GET", url, headers });
  const page = async (url: string, headers: Headers = admin): Promise<Page> => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every row of a list, page after page by nextCursor. */
  async function walk(query: string, pageSize: number, headers: Headers = admin): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&after=${cursor}` : "";
      const p: Page = await page(`/api/patients?${query}&pageSize=${pageSize}${after}`, headers);
      expect(p.rows.length).toBeLessThanOrEqual(pageSize);
      ids.push(...p.rows.map((r) => r.id));
      cursor = p.nextCursor;
    } while (cursor);
    return ids;
  }

  it("estimates the total of a list longer than the reach and says so; counts a short one exactly", async () => {
    const all = await page("/api/patients");
    expect(all.totalAccuracy).toBe("about");
    expect(all.totalRecords).toBeGreaterThan(LIST_REACH);
    expect(all.rows).toHaveLength(25);
    const walkers = await page("/api/patients?search=walker");
    expect(walkers).toMatchObject({ totalRecords: WALKERS, totalAccuracy: "exact" });
    const mine = await page("/api/patients", clinician);
    expect(mine.totalAccuracy).toBe("exact");
    expect(mine.totalRecords).toBe(mine.rows.length);
    expect(mine.nextCursor).toBeNull();
  });

  it("refuses a page number past the reach with a sentence that says what to do, and serves the last one inside it", async () => {
    const lastPage = LIST_REACH / 25;
    const inside = await page(`/api/patients?sort=mrn&page=${lastPage}&pageSize=25`);
    expect(inside.rows.at(-1)?.mrn).toBe(`P${String(LIST_REACH).padStart(6, "0")}`);
    const beyond = await get(`/api/patients?sort=mrn&page=${lastPage + 1}&pageSize=25`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toEqual([{ field: "page", message: MESSAGES.pageBeyondReach }]);
    // The cursor of the last reachable page goes on past the reach, in order.
    const next = await page(`/api/patients?sort=mrn&pageSize=25&after=${inside.nextCursor}`);
    expect(next.rows.map((r) => r.mrn)).toEqual(
      Array.from({ length: 25 }, (_, i) => `P${String(LIST_REACH + 1 + i).padStart(6, "0")}`),
    );
  });

  // Some 250 requests, each searching the 10,000-row list: longer than the default test time on a
  // loaded two-core machine.
  it("walks by cursor through exactly the rows of the whole list, in its order, for every sort and order", {
    timeout: 120_000,
  }, async () => {
    for (const sort of ["last_name", "mrn", "birth_date", "gender"]) {
      for (const order of ["asc", "desc"]) {
        const query = `search=walker&sort=${sort}&order=${order}`;
        const whole = (await page(`/api/patients?${query}&pageSize=200`)).rows.map((r) => r.id);
        expect(whole).toHaveLength(WALKERS);
        expect(await walk(query, 4), `${sort} ${order}`).toEqual(whole);
        expect(await walk(query, 1), `${sort} ${order} by one`).toEqual(whole);
      }
    }
  });

  it("keeps the caller's access on every page a cursor opens", async () => {
    const mine = (await page("/api/patients?search=walker&pageSize=200", clinician)).rows.map((r) => r.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(WALKERS);
    expect(await walk("search=walker&sort=birth_date", 2, clinician)).toEqual(
      (await page("/api/patients?search=walker&sort=birth_date&pageSize=200", clinician)).rows.map((r) => r.id),
    );
    // The admin's cursor gives a clinician nothing more than their own charts after it.
    const adminFirst = await page("/api/patients?search=walker&pageSize=2");
    const theirs = await page(`/api/patients?search=walker&pageSize=200&after=${adminFirst.nextCursor}`, clinician);
    expect(theirs.rows.every((r) => mine.includes(r.id))).toBe(true);
  });

  it("refuses a cursor that is not one, or was made for another sort or order, and changes nothing", async () => {
    const first = await page("/api/patients?sort=mrn&pageSize=5");
    const cursor = first.nextCursor as string;
    const refused = [
      "/api/patients?after=not-a-cursor",
      `/api/patients?sort=birth_date&after=${cursor}`,
      `/api/patients?sort=mrn&order=desc&after=${cursor}`,
      `/api/patients?sort=mrn&after=${Buffer.from('{"sort":"mrn","order":"asc","keys":[1]}').toString("base64url")}`,
      "/api/patients?after=%27%3B%20drop%20table%20patient",
    ];
    for (const url of refused) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0], url).toMatchObject({ field: "after", message: MESSAGES.cursorNotValid });
    }
    expect((await page("/api/patients?sort=mrn&pageSize=5")).rows).toEqual(first.rows);
  });
});

describe.each(DATABASES)("cursor paging over empty values on $name", (database) => {
  let t: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    // Cities and zips left empty on some locations, repeated on others: nulls sort last both ways.
    await sql`insert into location (name, city, zip)
      select 'Site ' || i, case when i % 3 = 0 then null else 'City ' || (i % 4) end,
        case when i % 2 = 0 then null else lpad((i % 5)::text, 5, '0') end
      from generate_series(1, 17) as i`.execute(t.db);
  });
  afterAll(async () => t.close());

  const page = async (url: string): Promise<Page> => {
    const res = await t.app.inject({ method: "GET", url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("walks a sort with empty values in the same order as the whole list", async () => {
    for (const sort of ["city", "zip", "name"]) {
      for (const order of ["asc", "desc"]) {
        const whole = (await page(`/api/location?sort=${sort}&order=${order}&pageSize=200`)).rows.map((r) => r.id);
        const walked: number[] = [];
        let cursor: string | null = null;
        do {
          const after: string = cursor ? `&after=${cursor}` : "";
          const p: Page = await page(`/api/location?sort=${sort}&order=${order}&pageSize=3${after}`);
          walked.push(...p.rows.map((r) => r.id));
          cursor = p.nextCursor;
        } while (cursor);
        expect(walked, `${sort} ${order}`).toEqual(whole);
      }
    }
  });
});
