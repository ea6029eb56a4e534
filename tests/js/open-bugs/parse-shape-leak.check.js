// A refused tc.parseShape(text) must free the copy of text that Embind made
// in wasm memory. Today it does not: the C++ error is thrown into JS from
// inside the call, so Embind's invoker never reaches the code that frees its
// std::string argument, and each refusal leaks the text's UTF-8 bytes (plus
// malloc's header): 1000 refusals of 'abc' leak 16 kB, of a 1000-character
// text 1 MB. The playground parses what a student types on every key, so
// every half-typed shape leaks. (Accepted texts are freed.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../helpers.js';

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
