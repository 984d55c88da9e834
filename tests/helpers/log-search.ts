/** A demo patient's identifying fields, as the patient table holds them. */
export interface PatientIdentity {
  first_name: string;
  last_name: string;
  mrn: string | null;
  email: string | null;
  mobile_number: string | null;
}

/**
 * Whether a log holds a value (any letter case). A value made only of digits (an access code, a
 * phone number) counts only where it stands alone: the log is full of epoch-millisecond times and
 * response times, and a six-digit code inside "1795617261199" is a coincidence, not a leak.
 */
export function logHolds(log: string, value: string): boolean {
  if (/^\d+$/.test(value)) return new RegExp(`(?<!\\d)${value}(?!\\d)`).test(log);
  return log.toLowerCase().includes(value.toLowerCase());
}

/**
 * The log without the numbers pino and Fastify write on every line: the process id (six digits
 * on a busy CI machine), the epoch time and the response time. A six-digit access code that
 * equals the server's pid is a coincidence, and it once failed a clean run.
 */
export function withoutLoggerBookkeeping(log: string): string {
  return log.replace(/"(pid|time|responseTime)":[\d.]+/g, '"$1":0');
}

/** The PHI and secrets a log holds, each as "what: value" (issue 8 §4); empty when clean. */
export function phiAndSecretsIn(rawLog: string, patients: PatientIdentity[], secrets: string[]): string[] {
  const log = withoutLoggerBookkeeping(rawLog);
  const found: string[] = [];
  const look = (value: string | null | undefined, label: string) => {
    if (value && value.length >= 4 && logHolds(log, value)) found.push(`${label}: ${value}`);
  };
  for (const p of patients) {
    look(`${p.first_name} ${p.last_name}`, "name");
    look(encodeURIComponent(`${p.first_name} ${p.last_name}`), "name");
    if (new RegExp(`\\b${p.last_name}\\b`).test(log)) found.push(`last name: ${p.last_name}`);
    look(p.mrn, "MRN");
    look(p.email, "email");
    look(p.email ? encodeURIComponent(p.email) : null, "email");
    look(p.mobile_number, "phone");
  }
  for (const s of secrets) look(s, "secret");
  return found;
}

/** The secrets stored messages carry: the secret column, every link parameter, a six-digit code in the text. */
export function messageSecrets(messages: { body: string; link: string | null; secret: string | null }[]): string[] {
  const secrets: string[] = [];
  for (const m of messages) {
    if (m.secret) secrets.push(m.secret);
    if (m.link) for (const value of new URL(m.link).searchParams.values()) secrets.push(value);
    const code = /\b(\d{6})\b/.exec(m.body)?.[1];
    if (code) secrets.push(code);
  }
  return secrets;
}
