/**
 * Calls `tick` now and then every `everyMs`, never two at once (a beat that comes while one runs
 * is skipped); the timer does not keep the process up. The schedulers (matviews, dataset syncs)
 * run on it.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  /** The tick the timer started that has not ended yet. */
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly log: (message: string) => void,
    private readonly what: string,
  ) {}

  /** Starts the timer (nothing when `everyMs` is 0 or it runs already). */
  run(everyMs: number): void {
    if (everyMs <= 0 || this.timer) return;
    const beat = () => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .then(
          () => undefined,
          (err: unknown) =>
            this.log(`${this.what} failed: ${err instanceof Error ? err.message : String(err)}`),
        )
        .finally(() => (this.ticking = undefined));
    };
    beat();
    this.timer = setInterval(beat, everyMs);
    this.timer.unref();
  }

  /** Stops the timer; resolves once a tick still running has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }
}
