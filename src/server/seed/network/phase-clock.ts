/**
 * Times the generator's phases and reports them as it goes: a line when a phase starts, progress
 * lines with the time spent so far, and a line with its duration when it ends.
 */
export class PhaseClock {
  readonly phases: { phase: string; ms: number }[] = [];

  constructor(private readonly log: (line: string) => void) {}

  async run<T>(phase: string, work: (progress: (line: string) => void) => Promise<T>): Promise<T> {
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    this.log(`${phase} ...`);
    const result = await work((line) => this.log(`  ${line} (${seconds()} s)`));
    this.phases.push({ phase, ms: Math.round(performance.now() - started) });
    this.log(`${phase}: ${seconds()} s`);
    return result;
  }
}
