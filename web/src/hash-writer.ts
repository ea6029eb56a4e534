// The URL hash kept in step with the state (the element's sync-hash).
// Rewriting the URL costs the browser a same-document navigation (and a
// favicon fetch) of several milliseconds: done once changes pause, after
// the frame that shows them, never inside a step.
//
// Each discrete action (a fix, a preset, another op) is a history entry of
// its own, written at once, so that Back undoes it instead of leaving the
// page; typing replaces the entry its first keystroke made until the field
// is committed (change or blur); stepping and playing replace too.
import type { State } from './model/state.js';
import { hashFromState } from './model/url.js';

/** How long the URL waits for changes to pause before it is rewritten. */
const HASH_DELAY_MS = 120;

/** push: a new entry; typing: a new entry for the first keystroke, then replace it; replace: rewrite this one. */
export type Entry = 'push' | 'typing' | 'replace';

export class HashWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: Entry = 'replace';
  /** The current entry was made by typing not yet committed: more typing rewrites it. */
  private typingEntry = false;
  /** A commit came while typing waited to be written: that write closes its entry. */
  private committed = false;
  /**
   * The hash as this writer last wrote or was told of it. Another hash in the
   * URL at write time came from outside (a link followed, Back): its
   * hashchange has not reached the state yet, and writing now would put the
   * old state back over it.
   */
  private known = typeof location === 'undefined' ? '' : location.hash;
  /** Every write replaces the current entry (an iframe's: its entries would be the course page's Back button's). */
  replaceOnly = false;

  /**
   * state gives the state to write when the time comes; null: nothing to write yet.
   * extra gives keys to append that the state does not hold (the code mode's program, code-link.ts).
   */
  constructor(private readonly state: () => Readonly<State> | null, private readonly extra: () => string = () => '') {}

  /**
   * Writes the state once changes pause; changes until then are written with it, as the strongest
   * entry asked for. An action's entry is written at once: Back pressed right after a click must
   * find it, not leave the page.
   */
  schedule(entry: Entry = 'replace'): void {
    if (entry === 'push') {
      this.typingEntry = false;
      this.pending = 'push';
      if (this.timer !== null) clearTimeout(this.timer);
      this.write();
      return;
    }
    if (entry === 'typing' && this.pending === 'replace') this.pending = entry;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.write(), HASH_DELAY_MS);
  }

  /** A typed field was committed: the next keystroke starts a new entry. */
  commit(): void {
    this.typingEntry = false;
    this.committed = this.timer !== null;
  }

  /**
   * The browser moved through history, or a link changed the hash: its entry
   * is a committed one, and a write still waiting was for the state before
   * it (written now, it would put that state back over the link's).
   */
  moved(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = 'replace';
    this.typingEntry = false;
    this.committed = false;
    this.known = location.hash;
  }

  private write(): void {
    this.timer = null;
    const entry = this.pending;
    const committed = this.committed;
    this.pending = 'replace';
    this.committed = false;
    const state = this.state();
    if (state === null || location.hash !== this.known) return;
    const hash = hashFromState(state) + this.extra();
    if (hash === location.hash) return;
    const push = !this.replaceOnly && (entry === 'push' || (entry === 'typing' && !this.typingEntry));
    if (push) history.pushState(null, '', hash);
    else history.replaceState(history.state, '', hash);
    this.known = location.hash;
    if (entry === 'typing') this.typingEntry = !committed;
  }
}
