// Running one of the README's examples (virtual:tensorcast-api-examples,
// Note [Examples bundled, never evaluated] in web/api-examples-plugin.ts)
// and keeping what each line gave, for the API page to show under it.
import { showThrown, showValue } from './show-value.js';
import type { IsTensor } from './show-value.js';

/** What a line gave: its value, what it threw, or what the example logged. line: null for a log outside any recorded statement, or a throw that stopped the block. */
export interface Shown {
  line: number | null;
  kind: 'value' | 'throws' | 'log';
  text: string;
}

/** A recorded statement: run it, keep its value or error. */
export type Show = (line: number, f: () => Promise<unknown>) => Promise<void>;

/** The console an example is given: what it logs is kept. */
export interface Recorder {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** One example as the bundle holds it. */
export interface Example<T> {
  section: string;
  text: string;
  run(tc: T, show: Show, console: Recorder): Promise<void>;
}

/** Runs example on tc; resolves (never rejects) to what it showed, in order. */
export async function runExample<T>(example: Example<T>, tc: T, isTensor: IsTensor): Promise<Shown[]> {
  const out: Shown[] = [];
  let current: number | null = null;
  const log = (...args: unknown[]): void => {
    out.push({ line: current, kind: 'log', text: args.map((a) => (typeof a === 'string' ? a : showValue(a, isTensor))).join(' ') });
  };
  const show: Show = async (line, f) => {
    current = line;
    try {
      const value = await f();
      if (value !== undefined) out.push({ line, kind: 'value', text: showValue(value, isTensor) });
    } catch (error) {
      out.push({ line, kind: 'throws', text: showThrown(error) });
    } finally {
      current = null;
    }
  };
  try {
    await example.run(tc, show, { log, info: log, warn: log, error: log });
  } catch (error) {
    out.push({ line: null, kind: 'throws', text: showThrown(error) });
  }
  return out;
}
