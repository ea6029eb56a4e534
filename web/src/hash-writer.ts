// The URL hash kept in step with the state (the element's sync-hash).
// Rewriting the URL costs the browser a same-document navigation (and a
// favicon fetch) of several milliseconds: done once changes pause, after
// the frame that shows them, never inside a step.
import type { State } from './model/state.js';
import { hashFromState } from './model/url.js';

/** How long the URL waits for changes to pause before it is rewritten. */
const HASH_DELAY_MS = 120;

export class HashWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** state gives the state to write when the time comes; null: nothing to write yet. */
  constructor(private readonly state: () => Readonly<State> | null) {}

  /** Writes the state once changes pause; changes until then are written with it. */
  schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const state = this.state();
      if (state === null) return;
      const hash = hashFromState(state);
      if (hash !== location.hash) history.replaceState(history.state, '', hash);
    }, HASH_DELAY_MS);
  }
}
