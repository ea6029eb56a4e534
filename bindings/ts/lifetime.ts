// When a tensor's handle goes back to wasm: dispose(), the end of the tidy()
// that made it, or, as a safety net, the garbage collector through a
// FinalizationRegistry. Registering costs far more than the op itself
// (V8: ~0.4 us for register + unregister), so it is kept off the common
// paths: tensors made inside tidy() are never registered (tidy frees them
// for sure), and the others are registered in a microtask, by which time
// `a.add(b).dispose()` and the like no longer need it.
//
// The collector is no memory manager for wasm: V8 feels no pressure from
// wasm memory, and finalizers run only after the code yields to the event
// loop, so a synchronous loop that forgets dispose() fills the wasm memory
// whatever the collector could free. What this file adds for that case:
// counts (tensors alive by the op or function that made them, and how many
// were made outside any tidy), a warning once too many of those are alive,
// and the words an out-of-memory error gets (memory-advice.ts).
//
// Note [Freeing never throws]: a tensor is freed where an error has nowhere
// to go: a FinalizationRegistry callback (an exception there is uncaught,
// and ends Node), the end of a tidy() that already holds fn's result or
// error, Program.dispose() in a `finally`. So freeing never throws. The
// core frees a graph of any length without deep recursion (Note
// [Releasing a graph] in src/autograd/backward.cpp); should the release
// still fail (a wasm module that trapped, say), the failure is counted
// (`failedReleases`), the first one is reported as a warning of kind
// 'memory' (tc.onWarning, else console.warn) and the tensor counts as gone:
// its memory may stay allocated, and nothing else changes.
import { fail, isPlainObject } from './args.js';

const PENDING_BATCH = 1024;
// Finalizers get one number: the handle and the origin of the tensor.
const ORIGINS = 1024;

/** Where a tensor stands: inside a tidy scope, or outside any (registered with the collector or soon). */
export const IN_SCOPE = 0;
export const OUTSIDE = 1;
export const REGISTERED = 2;

/** What the lifetime manager needs of a tensor. */
export interface Owned {
  /** The wasm handle; 0 once released. */
  _h: number;
  /** IN_SCOPE, OUTSIDE or REGISTERED. */
  _r: number;
  /** What made it: an index into Lifetime.origins. */
  _o: number;
}

/** Called once, when `untracked` tensors made outside any tidy are alive. */
export type TooManyUntracked = (untracked: number) => void;

/** Called for the first tensor that could not be freed (Note [Freeing never throws]), with the warning's text. */
export type ReleaseFailed = (message: string) => void;

/** The warning for a tensor that could not be freed. */
export function releaseFailedWarning(origin: string, error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `could not free a tensor made by ${origin} (${reason}); its memory may stay allocated. ` +
    'The error is not thrown, because tensors are freed where it would have nowhere to go ' +
    '(the garbage collector, the end of a tidy(), a dispose() in a finally); later failures are counted, not reported.';
}

export class Lifetime {
  /** Tensors alive on the JS side. */
  live = 0;
  /** Of those, the ones made (or kept) outside any tidy(). */
  untracked = 0;
  /** The names tensors are counted by: the op table's, then the other functions that make tensors. */
  readonly origins: string[];
  /** Live tensors per origin. */
  readonly made: number[];
  /** Tensors whose release failed (Note [Freeing never throws]). */
  failedReleases = 0;
  private readonly codes = new Map<string, number>();
  private readonly scopes: Owned[][] = [];
  private readonly registry: FinalizationRegistry<number>;
  private pending: Owned[] = [];
  private warned = false;

  constructor(
    private readonly release: (handle: number) => void,
    opNames: readonly string[],
    private readonly tooMany: (untracked: number) => boolean,
    private readonly onTooMany: TooManyUntracked,
    private readonly onReleaseFailed: ReleaseFailed,
  ) {
    this.origins = [...opNames];
    this.made = this.origins.map(() => 0);
    this.origins.forEach((name, i) => this.codes.set(name, i));
    this.registry = new FinalizationRegistry((held) => {
      const origin = held % ORIGINS;
      this.live--;
      this.untracked--;
      (this.made[origin] as number)--;
      this.free((held - origin) / ORIGINS, origin);
    });
  }

  /** The number tensors made by `name` are counted under. */
  origin(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.origins.length;
      if (code >= ORIGINS) fail('internal', 'too many kinds of tensor origin');
      this.origins.push(name);
      this.made.push(0);
      this.codes.set(name, code);
    }
    return code;
  }

  adopt(t: Owned, origin: number): void {
    this.live++;
    t._o = origin;
    (this.made[origin] as number)++;
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
    (this.made[t._o] as number)--;
    if (t._r !== IN_SCOPE) {
      this.untracked--;
      if (t._r === REGISTERED) this.registry.unregister(t);
    }
    this.free(handle, t._o);
  }

  /** Gives the handle back to the core; never throws (Note [Freeing never throws]). */
  private free(handle: number, origin: number): void {
    try {
      this.release(handle);
    } catch (error) {
      if (this.failedReleases++ > 0) return;
      try {
        this.onReleaseFailed(releaseFailedWarning(this.origins[origin] ?? 'an unknown function', error));
      } catch {
        // The report is best effort: it must not throw where freeing cannot.
      }
    }
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

  /** Takes t out of the tidy scopes that would dispose it: it lives until dispose() or the collector. */
  keep(t: Owned): void {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i] as Owned[];
      const at = scope.indexOf(t);
      if (at < 0) continue;
      scope.splice(at, 1);
      this.registerSoon(t);
      return;
    }
  }

  private registerSoon(t: Owned): void {
    t._r = OUTSIDE;
    this.untracked++;
    if (!this.warned && this.tooMany(this.untracked)) {
      this.warned = true;
      this.onTooMany(this.untracked);
    }
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
      if (t._h === 0 || t._r !== OUTSIDE) continue;
      this.registry.register(t, t._h * ORIGINS + t._o, t);
      t._r = REGISTERED;
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
