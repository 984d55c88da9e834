import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPhone } from "../../src/client/widgets/phone-mask.ts";
import { phoneDigits } from "../../src/server/accounts/find-accounts.ts";
import { normalizeContactValue, PHONE } from "../../src/server/contacts/contacts.ts";
import { defaultBundle } from "../../src/shared/schema/bundle.ts";
import { horizonUtc } from "../../src/shared/validation/ajv-config.ts";
import { asciiDigits } from "../../src/shared/validation/digits.ts";
import { SchemaValidator } from "../../src/shared/validation/validator.ts";
import { patientBody } from "../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

const validator = new SchemaValidator(defaultBundle);
const errorsOf = (id: string, data: unknown) => {
  const result = validator.validate(id, data);
  return result.ok ? [] : result.errors;
};

describe("dates past a sane horizon", () => {
  const schedule = { ccauId: 1, measureId: 1, frequency: 1 };

  it("a due date more than 5 years ahead (year 9999) is refused with a sentence saying why", () => {
    expect(errorsOf("api/schedule-create.json", { ...schedule, dueDate: "9999-12-31 00:00:00" })).toEqual([
      { field: "dueDate", message: "Due date must be within 5 years from today." },
    ]);
    const lastDay = `${horizonUtc(5)} 00:00:00`;
    expect(errorsOf("api/schedule-create.json", { ...schedule, dueDate: lastDay })).toEqual([]);
    const nextYear = `${horizonUtc(1)} 00:00:00`;
    expect(errorsOf("api/schedule-create.json", { ...schedule, dueDate: nextYear })).toEqual([]);
  });

  it("a birth date before 1900 or in year 0000 is invalid (PostgreSQL has no year 0)", () => {
    const patient = { mrn: "A100", first_name: "Sam", last_name: "Lee", gender: "u", clinicians: [1] };
    for (const birth_date of ["0000-01-01", "1850-06-01", "9999-12-31"])
      expect(errorsOf("entities/patient.json", { ...patient, birth_date }), birth_date).toEqual([
        { field: "birth_date", message: "Birthdate is invalid" },
      ]);
    expect(errorsOf("entities/patient.json", { ...patient, birth_date: "1931-02-03" })).toEqual([]);
  });
});

describe("digits typed in another script", () => {
  it("fullwidth, Arabic-Indic and Devanagari digits become ASCII digits", () => {
    expect(asciiDigits("５５５１２３４５６７")).toBe("5551234567");
    expect(asciiDigits("٥٥٥١٢٣٤٥٦٧")).toBe("5551234567");
    expect(asciiDigits("५५५")).toBe("555");
  });

  it("a phone contact typed in fullwidth digits keeps its digits; text without any digit is kept to be refused", () => {
    expect(normalizeContactValue(PHONE, "（５５５）１２３－４５６７")).toBe("5551234567");
    expect(normalizeContactValue(PHONE, "call me")).toBe("call me");
    expect(normalizeContactValue(PHONE, " - ")).toBe("");
  });

  it("the phone mask shows them as digits, and forgot-username finds the account by them", () => {
    expect(formatPhone("５５５１２３４５６７")).toBe("(555) 123-4567");
    expect(phoneDigits("＋1 (５５５) １２３-４５６７")).toBe("5551234567");
  });
});

describe.each(DATABASES)("mobile numbers and due dates through the API on $name", (database) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await authHeader(t.db, await createUser(t.db, { username: "digits.admin", roles: ["admin"] }));
  });
  afterAll(async () => t.close());

  const createPatient = (overrides: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/patients", headers: admin, payload: patientBody(overrides) });

  it("a patient's mobile number in fullwidth digits is saved as its ten ASCII digits, not as null", async () => {
    const clinician = await createUser(t.db, { username: "digits.clinician", roles: ["clinician"] });
    const res = await createPatient({ clinicians: [clinician], mobile_number: "５５５１２３４５６７" });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.db
      .selectFrom("patient")
      .select("mobile_number")
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.mobile_number).toBe("5551234567");
  });

  it("a mobile number without a single digit is refused, not saved as nothing", async () => {
    const clinician = await createUser(t.db, { username: "digits.clinician2", roles: ["clinician"] });
    const res = await createPatient({ clinicians: [clinician], mobile_number: "call me please" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "mobile_number", message: expect.any(String) }]);
  });

  it("scheduling with a due date in year 9999 is a 400 with the horizon's sentence", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/scheduling",
      headers: admin,
      payload: { ccauId: 1, measureId: 1, frequency: 1, dueDate: "9999-12-31 00:00:00" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "dueDate", message: "Due date must be within 5 years from today." }]);
  });
});
