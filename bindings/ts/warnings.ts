// The core's warnings (backcompat, rank-promotion, outer-product) as events
// for tc.onWarning listeners; with none registered they go to console.warn,
// as Python prints a UserWarning.
//
// A listener that throws is treated as a DOM EventTarget treats one: the
// op that warned goes on, the other listeners still get the warning, and
// the error is reported, with console.error. It is never rethrown: the op
// is inside wasm when it warns, and an uncaught error (what Node's own
// EventTarget makes of a listener's, on process.nextTick) ends Node.
import type { WarningEvent } from './generated/traces.js';

export type WarningListener = (warning: WarningEvent) => void;

export class Warnings {
  private readonly listeners = new Set<WarningListener>();

  on(listener: WarningListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Called from inside a wasm op: must not throw, or the op would unwind. */
  dispatch(json: string): void {
    this.emit(JSON.parse(json) as WarningEvent);
  }

  /** A warning of the package's own (warningKind 'memory'); must not throw either. */
  emit(warning: WarningEvent): void {
    if (this.listeners.size === 0) {
      toConsole(() => console.warn(`UserWarning: ${warning.message}`));
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(warning);
      } catch (error) {
        toConsole(() => console.error('tensorcast: an onWarning listener threw (the other listeners still got the warning):', error));
      }
    }
  }
}

// A console replaced by one that throws (some test setups do) leaves
// nowhere to report to: the report is dropped rather than thrown.
function toConsole(write: () => void): void {
  try {
    write();
  } catch {
    // nowhere to report to
  }
}
