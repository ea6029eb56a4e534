// Freed tensor memory is reused: the wasm heap stays within 10% of the bytes
// tensors hold plus HEAP_SLACK, the most memory growth overshoots a request
// (Emscripten grows the heap by 20% of its size, at most 96 MiB) and the
// module's own start.
// With a readout between, too: a small tensor's buffer and records made
// while the freed temporary's hole is there once took the hole's first bytes,
// and the next temporary no longer fitted it (408 MB of tensors in a 747 MB
// heap). A tensor's buffer is now malloc's, aligned in Storage::allocate
// (src/storage.cpp), so a freed hole fits the next tensor of its size, and
// the small records come from a region of their own
// (Note [Small-block lists], bindings/small_blocks.cpp).
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

test('the interleaved keep with a readout between (small tensors made among large ones): the heap stays within 10% of the live bytes', async () => {
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
