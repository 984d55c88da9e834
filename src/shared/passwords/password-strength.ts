import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** The sentences of the strength rule, the same on the server and in the browser. */
export const PASSWORD_TOO_COMMON =
  "This password is too common or too easy to guess. Avoid well-known passwords, names and simple patterns: a few unrelated words work well.";
export const PASSWORD_CONTAINS_USERNAME = "The password must not contain your username.";

/**
 * zxcvbn's estimate of the guesses an attacker working from dictionaries of common passwords,
 * words, names, dates and keyboard patterns needs. Below 10^8 (the boundary of its scores 2 and
 * 3) a password falls to such an attacker: Password1!, Passw0rd!, P@ssw0rd, Welcome1! (10^1 to
 * 10^5) and Summer2023!-style ones (10^7) although they pass the character-class pattern. The
 * bound is inclusive so that 8 characters with nothing guessable in them (10^8) remain enough:
 * PASSWORD_MIN_LENGTH may stay at 8.
 */
const MIN_GUESSES = 1e8;

export type PasswordStrengthCheck = (password: string, username?: string | null) => string | null;

let loading: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with its dictionaries (common passwords, English words and names: several
 * megabytes), imported on first use so the browser fetches them only on a page that sets a
 * password, and the server once at start.
 */
function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [core, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
  })();
  return loading;
}

/**
 * The strength rule (issue 8 §5), on top of the character rule of api/password.json: the
 * password must not contain the username (any letter case), and must not be common or easy to
 * guess. Returns the sentence to show, or null when the password is acceptable.
 */
export async function loadPasswordStrengthCheck(): Promise<PasswordStrengthCheck> {
  const zxcvbn = await estimator();
  return (password, username) => {
    const name = username?.trim().toLowerCase();
    if (name && name.length >= 3 && password.toLowerCase().includes(name)) return PASSWORD_CONTAINS_USERNAME;
    const result = zxcvbn.check(password, name ? [name] : []);
    return result.guesses < MIN_GUESSES ? PASSWORD_TOO_COMMON : null;
  };
}
