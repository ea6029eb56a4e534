// When a tensor's handle goes back to wasm: dispose(), the end of the tidy()
// that made it, or, as a safety net, the garbage collector through a
// FinalizationRegistry. Registering costs far more than the op itself
// (V8: ~0.4 us for register + unregister), so it is kept off the common
// paths: tensors made inside tidy() are never registered (tidy frees them
// for sure), and the others are registered in a microtask, by which time
// `a.add(b).dispose()` and the like no longer need it.
import { fail, isPlainObject } from './args.js';

const PENDING_BATCH = 1024;

/** What the lifetime manager needs of a tensor. */
export interface Owned {
  /** The wasm handle; 0 once released. */
  _h: number;
  /** Whether the FinalizationRegistry holds it. */
  _r: boolean;
}

export class Lifetime {
  /** Tensors alive on the JS side. */
  live = 0;
  private readonly scopes: Owned[][] = [];
  private readonly registry: FinalizationRegistry<number>;
  private pending: Owned[] = [];

  constructor(private readonly release: (handle: number) => void) {
    this.registry = new FinalizationRegistry((handle) => {
      this.live--;
      release(handle);
    });
  }

  adopt(t: Owned): void {
    this.live++;
    // Read [length - 1] only when it exists: index -1 of an empty array is a
    // slow property lookup on every op.
    const depth = this.scopes.length;
    if (depth > 0) (this.scopes[depth - 1] as Owned[]).push(t);
    else this.registerSoon(t);
  }

  dispose(t: Owned): void {
    const handle = t._h;
    if (handle === 0) return;
    t._h = 0;
    this.live--;
    if (t._r) this.registry.unregister(t);
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
    if (kept.size === 0) return result;
    const parent = this.scopes.length > 0 ? this.scopes[this.scopes.length - 1] : undefined;
    const mine = new Set(scope);
    for (const t of kept) {
      if (t._h === 0 || !mine.has(t)) continue;
      if (parent !== undefined) parent.push(t);
      else this.registerSoon(t);
    }
    return result;
  }

  private registerSoon(t: Owned): void {
    if (this.pending.length === 0) queueMicrotask(() => this.registerPending());
    this.pending.push(t);
    // A long synchronous loop never yields to the microtask: flush in
    // batches so the list stays short (disposed tensors simply drop out).
    if (this.pending.length >= PENDING_BATCH) this.registerPending();
  }

  private registerPending(): void {
    const batch = this.pending;
    this.pending = [];
    for (const t of batch) {
      if (t._h === 0) continue;
      this.registry.register(t, t._h, t);
      t._r = true;
    }
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
