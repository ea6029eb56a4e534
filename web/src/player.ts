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
    private readonly intervalMs = 1400,
  ) {}

  get playing(): boolean {
    return this.timer !== null;
  }

  play(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (!this.advance()) this.pause();
    }, this.intervalMs);
    this.changed();
  }

  pause(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.changed();
  }
}
