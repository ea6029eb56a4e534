// A refused tc.parseShape(text) must leave no copy of text in wasm memory.
// It once did: the text went in as an Embind std::string, which Embind frees
// only when the call returns, and a refusal is thrown from inside it; 1000
// refusals of 'abc' leaked 16 kB. The playground parses what a student types
// on every key. The text now goes through the scratch buffer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from './helpers.js';

for (const text of ['abc', '5,-1', 'x'.repeat(1000), '2.5, 3']) {
  test(`1000 refused parseShape(${JSON.stringify(text.slice(0, 12))}${text.length > 12 ? '...' : ''}) leave the heap in use flat`, () => {
    const refuse = () => assert.throws(() => tc.parseShape(text));
    for (let i = 0; i < 10; i++) refuse();
    const before = tc.memory().heapUsed;
    for (let i = 0; i < 1000; i++) refuse();
    const grew = tc.memory().heapUsed - before;
    assert.ok(grew < 1024, `heap in use grew by ${grew} bytes`);
  });
}
