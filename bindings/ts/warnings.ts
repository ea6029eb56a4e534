// The core's warnings (backcompat, rank-promotion, outer-product) as events
// for tc.onWarning listeners; with none registered they go to console.warn,
// as Python prints a UserWarning.
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
      console.warn(`UserWarning: ${warning.message}`);
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(warning);
      } catch (error) {
        // Reported as an uncaught error, the way an event listener's is.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
