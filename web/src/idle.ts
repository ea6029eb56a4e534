// Work for the time the page has nothing else to do, one piece at a time
// (more while the browser says the idle period lasts), so that a click or a
// key waits behind one piece at most.

type Handle = { cancel(): void };

function whenIdle(run: (deadline: IdleDeadline | null) => void): Handle {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  // Browsers without idle callbacks: soon, but after the frame being drawn.
  const id = setTimeout(() => run(null), 50);
  return { cancel: () => clearTimeout(id) };
}

export class IdleWork {
  private handle: Handle | null = null;

  /** Replaces any work under way. piece() does one piece and returns whether any is left. */
  start(piece: () => boolean): void {
    this.stop();
    const run = (deadline: IdleDeadline | null): void => {
      this.handle = null;
      let more = piece();
      while (more && deadline !== null && !deadline.didTimeout && deadline.timeRemaining() > 20) more = piece();
      if (more) this.handle = whenIdle(run);
    };
    this.handle = whenIdle(run);
  }

  stop(): void {
    this.handle?.cancel();
    this.handle = null;
  }
}
