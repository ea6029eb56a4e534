// Play: advance one step at a regular pace until the last, then stop.

export class Player {
  private timer: ReturnType<typeof setInterval> | null = null;

  /**
   * advance moves one step and returns false when there is no next step;
   * changed is told whenever playing starts or stops.
   */
  constructor(
    private readonly advance: () => boolean,
    private readonly changed: () => void,
    private intervalMs = 1400,
  ) {}

  /** A new pace; playing goes on at it. */
  set pace(ms: number) {
    if (ms === this.intervalMs) return;
    this.intervalMs = ms;
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = this.start();
  }

  private start(): ReturnType<typeof setInterval> {
    return setInterval(() => {
      if (!this.advance()) this.pause();
    }, this.intervalMs);
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  play(): void {
    if (this.timer !== null) return;
    this.timer = this.start();
    this.changed();
  }

  pause(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.changed();
  }
}
