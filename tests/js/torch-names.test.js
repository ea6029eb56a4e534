// Every public name of PyTorch 1.13's namespaces a program reaches
// (tests/js/fixtures/torch-names: a tensor's attributes, torch, torch.nn,
// torch.nn.functional, torch.linalg, torch.special, torch.fft, as PyTorch
// lists them) is either the library's (reading it raises nothing) or
// refused as "not supported by tensorcast" (NotImplementedError), never as
// Python's AttributeError, which says PyTorch has no such name (Note [Names
// PyTorch has] in src/lang/builtins.cpp). Misspellings still get Python's
// AttributeError, in PyTorch's words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/torch-names/torch-names.json', import.meta.url), 'utf8'));

// What reading `path.name` does in a program: null when it raises nothing.
function read(path, name) {
  const written = `${path === 'Tensor' ? 'x' : path}.${name}`;
  const p = tc.run(`import torch\nimport torch.nn.functional\nx = torch.ones(2, 2)\ny = ${written}\n`);
  try {
    return p.error;
  } finally {
    p.dispose();
  }
}

for (const [path, names] of Object.entries(fixture.namespaces)) {
  test(`${path}: each of PyTorch's ${names.length} names is the library's or "not supported by tensorcast"`, () => {
    const refused = [];
    for (const name of names) {
      const error = read(path, name);
      if (error === null) continue;
      const what = `${path}.${name}`;
      assert.equal(error.kind, 'not_implemented', `${what}: ${error.pythonType}: ${error.message}`);
      assert.equal(error.pythonType, 'NotImplementedError', what);
      assert.ok(error.message.startsWith(`${what} is not supported by tensorcast`), `${what}: ${error.message}`);
      assert.equal(error.line, 4, what);
      refused.push(name);
    }
    // each namespace has names of both kinds but the ones the library leaves out whole
    if (['torch.linalg', 'torch.special', 'torch.fft'].includes(path)) assert.equal(refused.length, names.length);
    else assert.ok(refused.length > 0 && refused.length < names.length, `${refused.length} of ${names.length} refused`);
  });
}

test('the names the issue met: isnan is refused as not supported, sum is read', () => {
  const isnan = read('Tensor', 'isnan');
  assert.equal(isnan.message, 'Tensor.isnan is not supported by tensorcast');
  assert.equal(read('torch', 'isnan').message, 'torch.isnan is not supported by tensorcast');
  assert.equal(read('torch.linalg', 'norm').message, 'torch.linalg.norm is not supported by tensorcast');
  assert.equal(read('torch.nn', 'Linear').message, 'torch.nn.Linear is not supported by tensorcast');
  assert.equal(read('Tensor', 'sum'), null);
  assert.equal(read('torch.nn.functional', 'relu'), null);
});

test("a name PyTorch does not have is Python's AttributeError, in PyTorch's words", () => {
  assert.ok(fixture.misspelled.length >= 5);
  for (const { namespace, name, message } of fixture.misspelled) {
    assert.ok(!fixture.namespaces[namespace].includes(name), name);
    const error = read(namespace, name);
    assert.equal(error?.kind, 'attribute', `${namespace}.${name}`);
    assert.equal(error.pythonType, 'AttributeError');
    assert.equal(error.message, message);
  }
});
