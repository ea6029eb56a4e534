// The page's first render in pieces, each its own task: a phone then draws
// the heading and the inputs at once and stays responsive, instead of
// freezing for one long task while the diagram and the tables are built too
// (bench/lighthouse.js measures it). The rest follows in stages, each after
// the one before is painted.

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

// The stages after the first screen (the heading and the inputs), each
// drawn after the one before is painted: the verdict and the paste box, the
// views' panel (tabs, player, caption), the diagram (the scene and its
// elements), then its tables and the view's details. Each comes below or
// beside what is drawn already, so nothing drawn moves. In two renders (the
// first screen with the verdict and the panel, then the rest) they took
// about 35 and 65 ms on this machine, four times that on Lighthouse's slower
// CPU, each followed by a layout nearly as long: every new size or weight of
// a font costs the browser a lookup (bench/notes.md, "The first render on a
// phone").
const STAGES = ['first-screen', 'verdict', 'views', 'diagram', 'all'] as const;
type Stage = (typeof STAGES)[number];

export class FirstScreen {
  private stage = 0;
  private shown: Promise<void> | null = null;

  /** Whether the render under way leaves out a stage still to come. */
  get waiting(): boolean {
    return this.stage < STAGES.length - 1;
  }

  /** Whether the render under way draws `part` (a stage's name: 'verdict', 'diagram', ...). */
  has(part: Stage): boolean {
    return this.stage >= STAGES.indexOf(part);
  }

  /** Every stage at once from now on: for a page that draws them all in one (the code mode, a puzzle). */
  skip(): void {
    this.stage = STAGES.length - 1;
  }

  /** After a render that left something out: asks for the next stage once this one is painted. */
  drawn(requestUpdate: () => void): void {
    if (!this.waiting || this.shown !== null) return;
    this.shown = new Promise((resolve) =>
      afterPaint(() => {
        this.stage++;
        this.shown = null;
        requestUpdate();
        resolve();
      }),
    );
  }

  /** Settles when the next stage has been asked for (at once when every stage has been). */
  get rest(): Promise<void> {
    if (!this.waiting) return Promise.resolve();
    // Not drawn yet: look again in a later task rather than spin.
    return this.shown ?? nextTask();
  }
}
