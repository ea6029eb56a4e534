// bench/wasm-sizes.js on a module assembled by hand: an imported function,
// then two bodies whose sizes are known, so that the indices V8's traces
// give (imports first) map to the right bodies, and a name section; and on
// the package's own module, whose imports WebAssembly's reflection gives.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { functionNames, functionSizes } from './wasm-sizes.js';

const section = (id, body) => [id, body.length, ...body];
const name = (s) => [s.length, ...Buffer.from(s)];

test('an imported function is index 0 with size 0; each body counts its size prefix', () => {
  const bodies = [
    [0x00, 0x01, 0x0b], // no locals, nop, end
    [0x00, 0x41, 0x2a, 0x1a, 0x0b], // no locals, i32.const 42, drop, end
  ];
  const bytes = Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 0]), // one type: () -> ()
    ...section(2, [1, ...name('m'), ...name('f'), 0x00, 0]), // import m.f: function of type 0
    ...section(3, [2, 0, 0]), // two functions of type 0
    ...section(10, [2, ...bodies.flatMap((b) => [b.length, ...b])]),
  ]);
  assert.ok(WebAssembly.validate(bytes), 'the hand-assembled module is valid');
  assert.deepEqual(functionSizes(bytes), [0, 1 + bodies[0].length, 1 + bodies[1].length]);
  assert.equal(functionNames(bytes).size, 0, 'no name section, no names');
  // A name section naming the second body (index 2: the import is 0).
  const names = [...name('name'), 1, ...(() => { const m = [1, 2, ...name('second')]; return [m.length, ...m]; })()];
  const named = Uint8Array.from([...bytes, ...section(0, names)]);
  assert.ok(WebAssembly.validate(named));
  assert.deepEqual([...functionNames(named)], [[2, 'second']]);
});

test("the package's module: one size per function, imports first", () => {
  const bytes = readFileSync(new URL('../dist/tensorcast.wasm', import.meta.url));
  const module = new WebAssembly.Module(bytes);
  const imported = WebAssembly.Module.imports(module).filter((i) => i.kind === 'function').length;
  const sizes = functionSizes(bytes);
  assert.ok(sizes.length > imported + 1000);
  assert.deepEqual(sizes.slice(0, imported), new Array(imported).fill(0));
  assert.ok(sizes.slice(imported).every((s) => s > 1));
  assert.equal(sizes.reduce((a, b) => a + b, 0) < bytes.length, true);
});
