// The page's first render in pieces, each its own task: a phone then draws
// the heading, inputs and verdict at once and stays responsive, instead of
// freezing for one long task while the diagram and the tables are built too
// (bench/lighthouse.js measures it). The rest follows after the first screen
// is painted.

/** Resolves in a later task, once the browser has had a turn (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// After the next paint; a hidden page does not paint, so a timer stands in.
function afterPaint(run: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/** Settles after the next paint (or its stand-in on a hidden page). */
export function painted(): Promise<void> {
  return new Promise((resolve) => afterPaint(resolve));
}

export class FirstScreen {
  private waiting = true;
  private shown: Promise<void> | null = null;

  /** Whether the render under way is the first one, without the rest. */
  get only(): boolean {
    return this.waiting;
  }

  /** After the first render: asks for the full one once the first screen is painted. */
  drawn(requestUpdate: () => void): void {
    if (!this.waiting || this.shown !== null) return;
    this.shown = new Promise((resolve) =>
      afterPaint(() => {
        this.waiting = false;
        requestUpdate();
        resolve();
      }),
    );
  }

  /** Settles when the full render has been asked for (at once when it has been). */
  get rest(): Promise<void> {
    if (!this.waiting) return Promise.resolve();
    // Not drawn yet: look again in a later task rather than spin.
    return this.shown ?? nextTask();
  }
}
