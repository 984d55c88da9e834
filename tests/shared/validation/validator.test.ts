import { describe, expect, it } from "vitest";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
import { todayUtc } from "../../../src/shared/validation/ajv-config.ts";
import { normalizeRecord } from "../../../src/shared/validation/normalize.ts";
import { SchemaValidator } from "../../../src/shared/validation/validator.ts";

const validator = new SchemaValidator(defaultBundle);
const validPatient = {
  mrn: "A100",
  first_name: "Sam",
  last_name: "Lee",
  birth_date: "2001-02-03",
  gender: "u",
  clinicians: [1],
};

function messages(data: unknown) {
  const result = validator.validate("entities/patient.json", data);
  return result.ok ? [] : result.errors;
}

describe("patient validation (spec §5 texts)", () => {
  it("accepts a complete patient", () => {
    expect(messages(validPatient)).toEqual([]);
  });

  it("names each missing required field with the spec's sentence", () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        { field: "first_name", message: "First name is required" },
        { field: "last_name", message: "Last name is required" },
        { field: "gender", message: "Gender at birth is required" },
        { field: "birth_date", message: "Birthdate is required" },
        { field: "mrn", message: "MRN is required" },
        { field: "clinicians", message: "Clinician is required" },
      ]),
    );
  });

  it("a blank required name is 'required', not 'too short'", () => {
    expect(messages({ ...validPatient, first_name: "   " })).toEqual([
      { field: "first_name", message: "First name is required" },
    ]);
  });

  it("an emptied birthdate is 'required' and an unknown gender code names the field", () => {
    expect(messages({ ...validPatient, birth_date: " " })).toEqual([
      { field: "birth_date", message: "Birthdate is required" },
    ]);
    expect(messages({ ...validPatient, gender: "x" })).toEqual([
      { field: "gender", message: "Gender at birth is required" },
    ]);
  });

  it("accepts a team instead of a clinician, and refuses neither", () => {
    const { clinicians: _c, ...noClinician } = validPatient;
    expect(messages({ ...noClinician, clinician_teams: [3] })).toEqual([]);
    expect(messages({ ...noClinician, clinicians: [], clinician_teams: [] })).toEqual([
      { field: "clinicians", message: "Clinician is required" },
    ]);
  });

  it("birth dates: format and not in the future", () => {
    expect(messages({ ...validPatient, birth_date: "2001-13-40" })).toEqual([
      { field: "birth_date", message: "Birthdate is invalid" },
    ]);
    expect(messages({ ...validPatient, birth_date: "3001-01-01" })).toEqual([
      { field: "birth_date", message: "Birthdate is invalid" },
    ]);
    expect(messages({ ...validPatient, birth_date: todayUtc() })).toEqual([]);
  });

  it("mobile numbers: masked input is stored as digits; short and long get their messages", () => {
    const ok = validator.validate<{ mobile_number: string }>("entities/patient.json", {
      ...validPatient,
      mobile_number: "(555) 123-4567",
    });
    expect(ok).toEqual({ ok: true, value: expect.objectContaining({ mobile_number: "5551234567" }) });
    expect(messages({ ...validPatient, mobile_number: "555-1234" })).toEqual([
      { field: "mobile_number", message: "That mobile number is too short. It must be 10 digits." },
    ]);
    expect(messages({ ...validPatient, mobile_number: "1 (555) 123-45678" })).toEqual([
      { field: "mobile_number", message: "That mobile number is too long. It must be 10 digits." },
    ]);
  });

  it("email and MRN formats", () => {
    expect(messages({ ...validPatient, email: "nope" })).toEqual([{ field: "email", message: "Invalid email" }]);
    expect(messages({ ...validPatient, mrn: "A 1" })).toEqual([{ field: "mrn", message: "MRN is not valid" }]);
  });

  it("an unknown field is refused, never silently dropped", () => {
    expect(messages({ ...validPatient, shoe_size: 9 })).toEqual([
      { field: "shoe_size", message: "That field is not part of a patient" },
    ]);
  });

  it("a wrong type gets the generic '{field} is not valid'", () => {
    expect(messages({ ...validPatient, email_notification: "maybe" })).toEqual([
      { field: "email_notification", message: "Email notifications is not valid" },
    ]);
  });
});

describe("normalizeRecord", () => {
  const schema = {
    required: ["first_name"],
    properties: {
      first_name: { "x-normalize": "trim" },
      middle_name: { "x-normalize": "trim" },
      mobile_number: { "x-normalize": "digits" },
      email_notification: { "x-normalize": "boolean" },
    },
  };
  it("treats a whitespace-only middle name as blank and keeps a blank required value for its message", () => {
    expect(normalizeRecord(schema, { first_name: "  ", middle_name: "   " })).toEqual({ middle_name: null });
  });
  it("strips phone formatting and turns flag strings into booleans", () => {
    expect(normalizeRecord(schema, { mobile_number: "(555) 000-1111", email_notification: "true" })).toEqual({
      mobile_number: "5550001111",
      email_notification: true,
    });
    expect(normalizeRecord(schema, { mobile_number: " - ", email_notification: "0" })).toEqual({
      mobile_number: null,
      email_notification: false,
    });
  });
});

describe("password rule (spec §5)", () => {
  const check = (password: string) => validator.validate("api/password.json", password);
  it.each(["Abcdef1!", "Demo#2026!", "Zz9$zzzzzz"])("accepts %s", (p) => expect(check(p).ok).toBe(true));
  it.each(["abcdef1!", "ABCDEF1!", "Abcdefg!", "Abcdefg1", "Ab1!", "Abc def1!"])(
    "refuses %s with 'Invalid password.'",
    (p) => {
      expect(check(p)).toEqual({ ok: false, errors: [{ field: "", message: "Invalid password." }] });
    },
  );
  it("confirmation mismatch: 'Those passwords don't match.'", () => {
    const result = validator.validate("api/change-password.json", {
      currentPassword: "x",
      newPassword: "Abcdef1!",
      confirmPassword: "Abcdef1?",
    });
    expect(result).toEqual({
      ok: false,
      errors: [{ field: "confirmPassword", message: "Those passwords don't match." }],
    });
  });
});
