// The library's entries from JavaScript (Note [Op registry] in
// src/lang/library.h): one declaration per function gives programs, tc.f,
// Tensor#f, the TypeScript types, tc.registry and docs/api.md; a generated
// member binds its arguments with the programs' binder. Expected values and
// texts are PyTorch's (fixtures/registry/make_fixture.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init, REGISTRY, TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/registry/registry.json', import.meta.url), 'utf8'));
const ROOT = new URL('../../', import.meta.url);
const decode = (v) => (v === 'nan' ? NaN : v);
const nested = (data) => data.map((row) => (Array.isArray(row) ? row.map(decode) : decode(row)));

function assertTensor(got, want, where) {
  assert.deepEqual(got.shape, want.shape, `${where}: shape`);
  assert.equal(got.dtype, want.dtype, `${where}: dtype`);
  const flat = got.reshape(-1).toArray().map(Number);
  assert.deepEqual(flat, want.values.map(decode), `${where}: values`);
}

// A fixture's argument in JavaScript: {"tensor": name} and {"dtype": name}.
function jsValue(v, tensors) {
  if (Array.isArray(v)) return v.map((item) => jsValue(item, tensors));
  if (v !== null && typeof v === 'object') return v.tensor !== undefined ? tensors[v.tensor] : v.dtype;
  return v;
}

test('nansum is one registry entry: in programs, in tc, on Tensor, in tc.registry, in docs/api.md and in the types', () => {
  const entry = tc.registry.find((e) => e.name === 'nansum');
  assert.deepEqual({ ...entry, signatures: [...entry.signatures] }, {
    name: 'nansum', torch: true, method: true, functional: false, form: 'generated', js: 'nansum',
    family: 'reduction', dtypeRule: 'sum', backward: true,
    doc: 'The sum with NaN counted as zero, over every dim or over dim; integers and bool give int64.',
    signatures: ['nansum(Tensor input, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor! out=None)'],
  });
  assert.equal(tc.registry, REGISTRY);
  assert.equal(typeof tc.nansum, 'function');
  assert.equal(typeof tc.ones(1).nansum, 'function');
  const api = readFileSync(new URL('docs/api.md', ROOT), 'utf8');
  assert.match(api, /\| `torch\.nansum` `Tensor\.nansum` \| `tc\.nansum` `x\.nansum` \|/);
  const types = readFileSync(new URL('bindings/ts/generated/registry.ts', ROOT), 'utf8');
  // The options may follow any prefix of the optional positional arguments.
  const options = 'options\\?: \\{ dim\\?: number \\| readonly number\\[\\] \\| null; keepdim\\?: boolean; dtype\\?: DType \\| null; \\}';
  assert.match(types, new RegExp(`nansum\\(${options}\\): T;`));
  assert.match(types, new RegExp(`nansum\\(dim\\?: number \\| readonly number\\[\\] \\| null, ${options}\\): T;`));
  assert.match(types, new RegExp(`nansum\\(dim\\?: number \\| readonly number\\[\\] \\| null, keepdim\\?: boolean, ${options}\\): T;`));
});

test("nansum's values, dtypes, shapes and gradients, from tc, from a Tensor and from a program, as PyTorch's", () => {
  assert.ok(FIXTURE.nansum.length >= 10);
  for (const c of FIXTURE.nansum) {
    tc.tidy(() => {
      const floating = c.input.dtype.startsWith('float');
      const x = tc.tensor(nested(c.input.data), { dtype: c.input.dtype, requiresGrad: floating });
      const args = c.js.args.map((a) => jsValue(a, { x }));
      const kwargs = Object.fromEntries(Object.entries(c.js.kwargs).map(([k, v]) => [k, jsValue(v, { x })]));
      const call = Object.keys(kwargs).length ? [...args, kwargs] : args;
      const y = c.js.self ? x.nansum(...call) : tc.nansum(x, ...call);
      assertTensor(y, c.result, c.code);
      if (floating) {
        assert.match(y.toString(), new RegExp(`grad_fn=<${c.gradFn}>`), c.code);
        y.sum().backward();
        assertTensor(x.grad, c.grad, `${c.code}: grad`);
      }
      // The same call in a program.
      const p = tc.run(c.program);
      try {
        assert.equal(p.error, null, `${c.code}: ${p.error?.message}`);
        assertTensor(p.get('y'), c.result, `program: ${c.code}`);
      } finally {
        p.dispose();
      }
    });
  }
});

test("a generated member binds as a program's call does: PyTorch's TypeErrors for the binder fixture's calls", () => {
  const generated = new Set(tc.registry.filter((e) => e.form === 'generated').map((e) => `${e.method}:${e.torch}:${e.name}`));
  const reachable = (c) => tc.registry.some((e) => e.form === 'generated' && e.name === c.name && (c.receiver === null ? e.torch : e.method));
  let checked = 0;
  tc.tidy(() => {
    const tensors = { x: tc.ones(3), m: tc.ones(2, 3), c: tc.ones(3).gt(0) };
    for (const c of FIXTURE.calls) {
      if (!reachable(c)) continue;
      const entry = tc.registry.find((e) => e.form === 'generated' && e.name === c.name && (c.receiver === null ? e.torch : e.method));
      const args = c.args.map((a) => jsValue(a, tensors));
      // JavaScript reads a plain object last as the keywords: a call that
      // ends in one and has none is not spelled the same.
      const keywords = Object.fromEntries(Object.entries(c.kwargs).map(([k, v]) => [k, jsValue(v, tensors)]));
      const call = Object.keys(keywords).length ? [...args, keywords] : args;
      let error = null;
      try {
        if (c.receiver === null) tc[entry.js](...call);
        else tensors[c.receiver][entry.js](...call);
      } catch (e) {
        error = e;
      }
      checked++;
      if (c.expected === null) {
        assert.equal(error, null, `${c.call}: ${error?.message}`);
        continue;
      }
      assert.ok(error instanceof TensorcastError, `${c.call} did not throw a TensorcastError (${error})`);
      if (c.expected.type === 'TypeError') assert.equal(error.kind, 'type', c.call);
      assert.equal(error.message, c.expected.message, c.call);
    }
  });
  assert.ok(generated.size > 40);
  assert.ok(checked >= 40, `only ${checked} calls reach a generated member`);
});

test('tc.mean(x, { dim: "a" }) and x.mean(dim="a") raise the same text', () => {
  const p = tc.run("import torch\nx = torch.ones(3)\ny = torch.mean(x, dim='a')\n");
  try {
    assert.equal(p.error.pythonType, 'RuntimeError');  // PyTorch's named-dim overload binds 'a'
    assert.throws(() => tc.mean(tc.ones(3), { dim: 'a' }), (e) => e instanceof TensorcastError && e.kind === p.error.kind && e.message === p.error.message);
  } finally {
    p.dispose();
  }
});

test('what programs can call, the package can: every function of torch and every tensor method is in the package', () => {
  for (const e of tc.registry) {
    if (!e.torch && !e.method) continue;
    assert.ok(e.form !== 'none' || e.js.length > 10, `${e.name}: not in the package, and no reason given`);
    if (e.form === 'none') continue;
    assert.ok(e.doc.length > 2 && e.doc.endsWith('.'), `${e.name}: its doc`);
  }
  const none = tc.registry.filter((e) => (e.torch || e.method) && e.form === 'none').map((e) => e.name);
  assert.deepEqual(none, ['broadcast_tensors', 'is_tensor', 'type', 'Size', 'no_grad', 'enable_grad', 'set_grad_enabled', 'is_grad_enabled'], 'the entries the package leaves out, each with its reason');
});

test("JavaScript's casing: every keyword of a generated member's signatures comes back to PyTorch's name", () => {
  const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const camel = (name) => name.replace(/(?<=.)_(.)/g, (_, c) => c.toUpperCase());
  for (const e of tc.registry.filter((r) => r.form === 'generated'))
    for (const s of e.signatures)
      for (const m of s.matchAll(/ (\w+)(?:=[^,)]*)?[,)]/g)) assert.equal(snake(camel(m[1])), m[1], `${e.name}: ${m[1]}`);
});

test("the README's examples of generated members", () => {
  tc.tidy(() => {
    const m = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' });
    assert.equal(m.mean(0, { dtype: 'float64' }).dtype, 'float64');
    assert.deepEqual(tc.mean(m, [0, 1], true).shape, [1, 1]);
    assert.equal(tc.dot(tc.tensor([1, 2]), tc.tensor([3, 4])).item(), 11);
    assert.deepEqual(tc.mm(m, m).toArray(), [[7, 10], [15, 22]]);
    assert.deepEqual(m.nansum(1).toArray(), [3, 7]);
    assert.throws(() => m.mean({ dim: 1.5 }), (e) => e instanceof TensorcastError && e.message ===
      'mean() received an invalid combination of arguments - got (dim=float, ), but expected one of:\n * (*, torch.dtype dtype)\n' +
      ' * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n');
    // a name binds PyTorch's named-dim overload, as a program's call does
    assert.throws(() => m.mean({ dim: 'a' }), (e) => e instanceof TensorcastError && e.message ===
      "Name 'a' not found in Tensor[None, None].");
    // bindings/README.md
    assert.deepEqual(m.mean(0, { dtype: 'float64' }).toArray(), [2, 3]);
    assert.equal(m.var(null, { correction: 0 }).item(), 1.25);
    assert.deepEqual(m.max(1).indices.toArray(), [1, 1]);
  });
});

test("a program's grad_fn and w.grad = t in the package: gradFn, and grad set to a tensor with PyTorch's checks", () => {
  tc.tidy(() => {
    const w = tc.ones(3).requiresGrad_();
    assert.equal(w.gradFn, null);
    assert.equal(w.mul(2).gradFn, 'MulBackward0');
    w.grad = tc.full([3], 2);
    assert.deepEqual(w.grad.toArray(), [2, 2, 2]);
    assert.throws(() => { w.grad = tc.ones(2); }, (e) => e instanceof TensorcastError && e.message === 'assigned grad has data of a different size');
    assert.throws(() => { w.grad = w; }, (e) => e instanceof TensorcastError && e.message === "can't assign Variable as its own grad");
    w.grad = null;
    assert.equal(w.grad, null);
  });
});

// The library is checked against REGISTRY on the first call by number, not at
// init() (Runtime.callEntry in bindings/ts/runtime.ts): a core whose library is
// another build's refuses that call and every later one, and does not run it.
test('a core built with another library refuses calls by number, from the first on', async () => {
  const other = await init({ threads: 1 });
  other._rt.core.libraryNames = () => 'nansum,sum';
  const x = other.tensor([1, 2, 3]);
  for (let i = 0; i < 2; i++)
    assert.throws(() => other.nansum(x), (e) => e instanceof TensorcastError && e.kind === 'internal' && /assembled from two builds/.test(e.message));
  // Calls that go by op number or through a program never needed the library's order.
  assert.deepEqual(x.add(x).toArray(), [2, 4, 6]);
  x.dispose();
});
