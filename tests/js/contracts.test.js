// What crosses the C++/TypeScript boundary has one source (the core's op
// table and trace schema, written into bindings/ts/generated/ at build
// time): these tests fail when the sides disagree or when a name exists on
// one side only.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BROADCAST_NOTES, DIM_ROLES, DIM_RULES, DTYPE_RULES, DTYPES, INNER_PATTERNS, init, MAX_DIMS, OPS, PROMOTION_CATEGORIES, Tensor, WARNING_KINDS } from 'tensorcast';
import { UNTRACKED_TENSORS } from '../../dist/memory-advice.js';
import { publicSurface } from './api-surface.js';
import { tc } from './helpers.js';

test('tc.ops is the op table the TypeScript was generated from, frozen', () => {
  assert.deepEqual(tc.ops, OPS);
  assert.ok(Object.isFrozen(tc.ops) && tc.ops.every((op) => Object.isFrozen(op)));
  const names = tc.ops.map((op) => op.name);
  assert.equal(new Set(names).size, names.length);
  // The README's example.
  assert.deepEqual(tc.ops.find((op) => op.name === 'add'), {
    name: 'add', family: 'binary', arity: 2, alpha: true, inplace: false, inplaceForm: 'add_',
    base: null, dtypeRule: 'promote', backward: true, torch: 'torch.add', doc: 'input + alpha * other',
  });
  assert.deepEqual(tc.ops.filter((op) => op.family === 'compare').map((op) => op.name),
    ['eq', 'eq_', 'ne', 'ne_', 'lt', 'lt_', 'le', 'le_', 'gt', 'gt_', 'ge', 'ge_']);
  for (const op of tc.ops) {
    if (op.inplaceForm !== null) assert.equal(tc.ops.find((o) => o.name === op.inplaceForm)?.base, op.name);
    if (op.inplace) assert.equal(tc.ops.find((o) => o.name === op.base)?.inplaceForm, op.name);
  }
});

// Tensor and tc members that are not functions of the library (Note [Op
// registry]): the package's own (lifetimes, modes, traces, x[...] and the
// attributes a program reads without a call: shape, grad, requiresGrad).
const PACKAGE_ONLY = new Set([
  // Tensorcast
  'noGrad', 'setBroadcastWarning', 'onWarning', 'setBroadcastPolicy', 'withBroadcastPolicy', 'tidy', 'memory',
  'simd', 'threads', 'programs', 'wasmModule', 'explain', 'ops', 'registry', 'keep', 'parseShape', 'readShape', 'readViewChain', 'run',
  // Tensor: attributes, lifetime, printing, x[...]
  'shape', 'ndim', 'dtype', 'id', 'isDisposed', 'data', 'requiresGrad', 'isLeaf', 'retainsGrad', 'grad', 'gradFn', 'mT', 'sumTo', 'index',
  'dispose', 'toString', 'toJSON', 'constructor',
]);

// The core's table is checked by its digest (tc::op_table_digest, which the
// native tests show changes with every field): a module from another build
// is refused when the package loads it.
test('a core whose op table is another build\'s is refused at load', async () => {
  const other = await init({ threads: 1 });
  const Runtime = other._rt.constructor;
  const core = other._rt.core;
  const foreign = new Proxy(core, { get: (target, key) => (key === '_tc_op_table_digest' ? () => core._tc_op_table_digest() ^ 1 : target[key]) });
  const none = () => {
    throw new Error('not called');
  };
  assert.throws(() => new Runtime(foreign, none, none, none), (e) => e.kind === 'internal' && /built from different op tables/.test(e.message));
  const same = new Runtime(core, none, none, none);
  assert.deepEqual(same.ops, OPS);
});

test('every op of the table is a tc function and a Tensor method, and every member is an entry of the registry or the package\'s own', () => {
  for (const op of tc.ops) {
    if (!op.inplace) assert.equal(typeof tc[op.name], 'function', `tc.${op.name}`);
    if (op.family !== 'where') assert.equal(typeof Tensor.prototype[op.name], 'function', `Tensor#${op.name}`);
    assert.doesNotThrow(() => tc.explain.op(op.name, ...operandsFor(op)), op.name);
  }
  const names = new Set(tc.ops.map((op) => op.name));
  const registered = new Set(tc.registry.filter((e) => e.form !== 'none').map((e) => e.js));
  for (const { owner, name } of publicSurface())
    if (owner === 'Tensorcast' || owner === 'Tensor')
      assert.ok(names.has(name) || registered.has(name) || PACKAGE_ONLY.has(name),
        `${owner}#${name} is neither an op of the table, nor an entry of the registry, nor listed as the package's own`);
});

test('every entry of the registry that the package has is a member where it says', () => {
  for (const e of tc.registry) {
    if (e.form === 'none') continue;
    const onTc = typeof tc[e.js] === 'function';
    const onTensor = e.js in Tensor.prototype;
    if (e.form === 'hand-written') assert.ok(onTc || onTensor, `${e.name}: its member ${e.js}`);
    else {
      if (e.torch) assert.ok(onTc, `torch.${e.name}: tc.${e.js}`);
      if (e.method && e.form === 'generated') assert.ok(onTensor, `Tensor.${e.name}: Tensor#${e.js}`);
    }
  }
});

function operandsFor(op) {
  const x = tc.ones([2, 3]);
  if (op.family === 'unary') return [x];
  if (op.family === 'where') return [tc.tensor([true, false, true]), x, 0];
  if (op.family === 'matmul') return [x, tc.ones([3, 2])];
  return [x, 2];
}

// Every value of an enumerated field, walked through a trace.
function collect(trace, into) {
  const put = (list, value) => (into.get(list) ?? into.set(list, new Set()).get(list)).add(value);
  const broadcast = (b) => {
    for (const d of b.dims) {
      d.roles.forEach((r) => put(DIM_ROLES, r));
      put(DIM_RULES, d.rule);
    }
    b.notes.forEach((n) => put(BROADCAST_NOTES, n));
  };
  if (trace.kind === 'broadcast') broadcast(trace);
  if (trace.kind === 'op') {
    broadcast(trace.broadcast);
    trace.operands.forEach((o) => put(DTYPES, o.dtype));
    put(INNER_PATTERNS, trace.plan.innerPattern);
    const p = trace.promotion;
    p.operands.forEach((o) => {
      put(DTYPES, o.dtype);
      put(PROMOTION_CATEGORIES, o.category);
    });
    for (const d of [p.tensorDtype, p.zeroDimDtype, p.numberDtype, p.commonDtype, p.computeDtype, p.resultDtype])
      if (d !== null) put(DTYPES, d);
    put(PROMOTION_CATEGORIES, p.decidedBy);
    put(DTYPE_RULES, p.rule);
  }
  if (trace.kind === 'warning') put(WARNING_KINDS, trace.warningKind);
}

test('every enumerated string of a trace is declared; the broadcast values all reach JavaScript', async () => {
  const seen = new Map();
  const warnings = [];
  const off = tc.onWarning((w) => warnings.push(w));
  tc.tidy(() => {
    const row = tc.ones([2, 3]);
    const col = tc.ones([2, 1]);
    const big = tc.ones([64, 64]);
    const runs = [
      tc.explain.op('add', row, row),
      tc.explain.op('add', row, col),
      tc.explain.op('add', col, row),
      tc.explain.op('add', big.transpose(0, 1), big),
      tc.explain.op('where', col.gt(0), row, row),
      tc.explain.op('eq', tc.tensor([true, false]), tc.tensor([true])),
      tc.explain.op('add', tc.ones([2]), tc.ones([3])),
      // Every dtype, category and rule of type promotion.
      tc.explain.op('mul', tc.tensor([1, 2], { dtype: 'uint8' }), 3),
      tc.explain.op('add', tc.tensor([1, 2], { dtype: 'int32' }), tc.tensor(2.5, { dtype: 'float64' })),
      tc.explain.op('div', tc.tensor([1, 2]), 2),
      tc.explain.op('neg', tc.tensor([1, 2])),
    ];
    tc.setBroadcastWarning(true);
    tc.withBroadcastPolicy('warn', () => runs.push(tc.explain.op('add', tc.ones([3]), tc.ones([3, 1]))));
    tc.setBroadcastWarning(false);
    for (const run of runs) for (const event of run.events) collect(event, seen);
  });
  off();
  // The package's own warning: many tensors made outside tidy() (memory-advice.ts), in an instance of its own.
  const other = await init({ simd: false });
  other.onWarning((w) => warnings.push(w));
  const forgotten = Array.from({ length: UNTRACKED_TENSORS }, () => other.zeros([]));
  for (const t of forgotten) t.dispose();
  for (const w of warnings) collect(w, seen);
  for (const [list, values] of seen)
    for (const value of values) assert.ok(list.includes(value), `'${value}' is not declared in its list`);
  // Every role, rule, note and warning kind is met; inner patterns too but
  // the two of sum, which explain.op cannot run (the Catch2 schema test
  // meets them).
  for (const list of [DIM_ROLES, DIM_RULES, BROADCAST_NOTES, WARNING_KINDS, DTYPES, PROMOTION_CATEGORIES])
    assert.deepEqual([...(seen.get(list) ?? [])].sort(), [...list].sort());
  // Every rule but those of reductions (sum's, argmax's index), which
  // explain.op cannot run (the Catch2 schema test meets them).
  assert.deepEqual([...seen.get(DTYPE_RULES)].sort(), DTYPE_RULES.filter((r) => r !== 'sum' && r !== 'index').sort());
  assert.deepEqual([...seen.get(INNER_PATTERNS)].sort(), INNER_PATTERNS.filter((p) => !p.startsWith('reduce-')).sort());
});

// The package's modules form a tree: Tensorcast on top, Tensor and Explain
// below it, the runtime below them, and no module importing one that
// imports it back, not even for types.
test('no import cycle among the package\'s TypeScript modules', () => {
  const root = fileURLToPath(new URL('../../bindings/ts/', import.meta.url));
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = `${dir}${name}`;
      if (statSync(path).isDirectory()) walk(`${path}/`);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(root);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']+)\.js'/g)].map((m) =>
      fileURLToPath(new URL(`${m[1]}.ts`, `file://${file}`)));
    graph.set(file, deps.filter((d) => files.includes(d)));
  }
  assert.ok(graph.get(`${root}tensor.ts`).includes(`${root}runtime.ts`), 'the parser reads imports');
  const state = new Map();
  const visit = (file, path) => {
    if (state.get(file) === 'done') return;
    const at = path.indexOf(file);
    assert.ok(at < 0, `import cycle: ${[...path.slice(at), file].map((f) => f.slice(root.length)).join(' -> ')}`);
    for (const dep of graph.get(file)) visit(dep, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
});

test('MAX_DIMS is the core\'s limit: a shape of MAX_DIMS dims is read, one more is refused', () => {
  assert.equal(tc.parseShape(Array(MAX_DIMS).fill('1').join(',')).length, MAX_DIMS);
  assert.throws(() => tc.parseShape(Array(MAX_DIMS + 1).fill('1').join(',')), /dimensions|dims/);
  assert.equal(tc.zeros(Array(MAX_DIMS).fill(1)).ndim, MAX_DIMS);
  assert.throws(() => tc.zeros(Array(MAX_DIMS + 1).fill(1)));
});
