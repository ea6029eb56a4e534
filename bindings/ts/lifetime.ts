// When a tensor's handle goes back to wasm: dispose(), the end of the tidy()
// that made it, or, as a safety net, the garbage collector. Tensors made
// inside tidy() skip the FinalizationRegistry (tidy frees them for sure),
// which keeps the registry off the hot path there.
import { fail, isPlainObject } from './args.js';

/** What the lifetime manager needs of a tensor. */
export interface Owned {
  _h: number;
}

export class Lifetime {
  /** Tensors alive on the JS side. */
  live = 0;
  private readonly scopes: Owned[][] = [];
  private readonly registry: FinalizationRegistry<number>;

  constructor(private readonly release: (handle: number) => void) {
    this.registry = new FinalizationRegistry((handle) => {
      this.live--;
      release(handle);
    });
  }

  adopt(t: Owned): void {
    this.live++;
    const scope = this.scopes[this.scopes.length - 1];
    if (scope !== undefined) scope.push(t);
    else this.registry.register(t, t._h, t);
  }

  dispose(t: Owned): void {
    const handle = t._h;
    if (handle === 0) return;
    t._h = 0;
    this.live--;
    this.registry.unregister(t);
    this.release(handle);
  }

  /** Runs fn; disposes every tensor it made except those in its result. */
  tidy<T>(fn: () => T, isTensor: (value: unknown) => value is Owned): T {
    const scope: Owned[] = [];
    this.scopes.push(scope);
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.scopes.pop();
      this.disposeAll(scope, new Set());
      throw error;
    }
    this.scopes.pop();
    const kept = new Set<Owned>();
    collect(result, isTensor, kept, new Set());
    this.disposeAll(scope, kept);
    if (typeof (result as { then?: unknown } | null)?.then === 'function')
      fail('value', 'tidy(): fn returned a Promise; tidy() only tracks synchronous code (its tensors are disposed now)');
    // What fn returns outlives this scope: it belongs to the enclosing one.
    const parent = this.scopes[this.scopes.length - 1];
    for (const t of kept) {
      if (t._h === 0 || !scope.includes(t)) continue;
      if (parent !== undefined) parent.push(t);
      else this.registry.register(t, t._h, t);
    }
    return result;
  }

  private disposeAll(scope: Owned[], kept: Set<Owned>): void {
    for (const t of scope) if (!kept.has(t)) this.dispose(t);
  }
}

// Tensors in a result: itself, or inside arrays and plain objects.
function collect(
  value: unknown,
  isTensor: (value: unknown) => value is Owned,
  out: Set<Owned>,
  seen: Set<object>,
): void {
  if (isTensor(value)) {
    out.add(value);
    return;
  }
  if (!(Array.isArray(value) || isPlainObject(value)) || seen.has(value)) return;
  seen.add(value);
  for (const item of Array.isArray(value) ? value : Object.values(value))
    collect(item, isTensor, out, seen);
}
