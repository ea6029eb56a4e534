// Freed tensor memory is reused: the wasm heap stays within 10% of the bytes
// tensors hold plus HEAP_SLACK, the most memory growth overshoots a request
// (Emscripten grows the heap by 20% of its size, at most 96 MiB) and the
// module's own start.
// Not yet with a readout between (the todo below): dlmalloc serves a small
// request, when no small free chunk fits, from the hole a freed large tensor
// left, and the next large tensor no longer fits it (408 MB of tensors in a
// 747 MB heap). emmalloc reuses the hole, but in Emscripten 3.1.6 it is 1.25x
// slower on the small op and traps (memory access out of bounds) when a
// 2.15 GB request cannot be met (bench/notes.md).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { init } from 'tensorcast';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const HEAP_SLACK = 100 * 2 ** 20;
const N = 1_000_000;

function withinLive({ heapSize, bytes }) {
  return heapSize <= 1.1 * bytes + HEAP_SLACK;
}

// "A temporary, a kept result, free the temporary" 100 times, in a fresh
// instance (its own wasm memory); `between` runs before the temporary is freed.
async function interleavedKeep(between) {
  const tc = await init({ simd: true });
  const a = tc.ones([N]);
  const b = tc.ones([N]);
  const kept = [];
  for (let i = 0; i < 100; i++) {
    const tmp = a.add(b);
    kept.push(tmp.mul(2));
    between(tc, tmp);
    tmp.dispose();
  }
  const m = tc.memory();
  for (const t of [a, b, ...kept]) t.dispose();
  return m;
}

test('the interleaved keep: the freed temporaries are reused, the heap stays within 10% of the live bytes', async () => {
  const m = await interleavedKeep(() => {});
  assert.equal(m.bytes, 102 * 4 * N);
  assert.ok(withinLive(m), `heap ${m.heapSize} for ${m.bytes} live bytes`);
});

test('the interleaved keep with a readout between (small tensors made among large ones): the heap stays within 10% of the live bytes',
  { todo: 'dlmalloc carves small requests out of a freed tensor\'s hole: 747 MB of heap for 408 MB (bench/notes.md)' }, async () => {
  const m = await interleavedKeep((tc, tmp) => {
    const s = tmp.sum();
    assert.equal(s.item(), 2 * N);
    s.dispose();
  });
  assert.equal(m.bytes, 102 * 4 * N);
  assert.ok(withinLive(m), `heap ${m.heapSize} for ${m.bytes} live bytes`);
});

test('the forgetful loop with a readout, collected now and then: the heap stays within 10% of the most bytes ever live', async () => {
  const { stdout } = await run(process.execPath, ['--expose-gc', 'bench/forgetful.js', '--mode', 'gc', '--iterations', '1500', '--readout'],
    { cwd: root, maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout);
  assert.equal(r.failure, null);
  assert.equal(r.completed, 1500);
  assert.ok(r.memory.heapSize <= 1.1 * r.peakBytes + HEAP_SLACK, `heap ${r.memory.heapSize} for at most ${r.peakBytes} live bytes`);
});
