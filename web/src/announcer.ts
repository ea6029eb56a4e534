// What a screen reader hears about the verdict: one polite announcement once
// typing pauses, and only when the verdict's text differs from the last one
// announced. The live region is an empty element in the template (Lit never
// writes into it); only this class sets its text.

export class Announcer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private said: string | null = null;

  constructor(private readonly delayMs = 900) {}

  /** The verdict now; region finds the live region when the pause ends. */
  say(text: string, region: () => Element | null): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    // The first verdict is on the page already: nothing to announce.
    if (this.said === null) {
      this.said = text;
      return;
    }
    if (text === this.said) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const target = region();
      if (target === null || text === this.said) return;
      target.textContent = text;
      this.said = text;
    }, this.delayMs);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
