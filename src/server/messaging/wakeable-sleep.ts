/**
 * A pause a worker loop takes between polls that another part of the app can cut short: new
 * work was written, or the server is stopping. One at a time; waking with none pending is a no-op.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.wakeUp === done) self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}
