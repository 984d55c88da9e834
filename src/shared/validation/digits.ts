/**
 * Digits as people type them, in any script: fullwidth "５５５" (a Japanese or Chinese keyboard),
 * Arabic-Indic "٥٥٥", Devanagari, ... become ASCII "555" (issue 8 §6: a mobile number typed in
 * fullwidth digits was stripped to nothing and saved as null).
 */
const DECIMAL_DIGIT = /\p{Nd}/u;

// Unicode encodes each script's decimal digits as contiguous runs of whole 0-9 sets, so a digit's
// value is its distance from the start of its run, modulo 10.
function digitValue(char: string): string {
  let cp = char.codePointAt(0) as number;
  const code = cp;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) cp -= 1;
  return String((code - cp) % 10);
}

/** The text with every decimal digit of any script written as an ASCII digit (and NFKC applied). */
export function asciiDigits(text: string): string {
  return text.normalize("NFKC").replace(/\p{Nd}/gu, (d) => (d >= "0" && d <= "9" ? d : digitValue(d)));
}

/** Only the digits of a typed number, as ASCII: "(５５５) 123-4567" is "5551234567". */
export function onlyDigits(text: string): string {
  return asciiDigits(text).replace(/[^0-9]+/g, "");
}

/** True when text holds nothing but a phone number's punctuation and spaces: blank, not a mistake. */
export function onlyPhonePunctuation(text: string): boolean {
  return /^[\s()+.\-/]*$/.test(asciiDigits(text));
}
