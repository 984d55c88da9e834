/**
 * A fault of the server's setup that an operator must fix (DATA_DIR, a secret, an environment
 * variable). main.ts prints its message as one line and exits 1, instead of a stack trace: the
 * message names what is wrong, why, and what to do (issue 8 §7).
 */
export class StartupError extends Error {
  constructor(message: string) {
    // One line, whatever a cause's text held.
    super(message.replace(/\s*\n\s*/g, " "));
    this.name = "StartupError";
  }
}
