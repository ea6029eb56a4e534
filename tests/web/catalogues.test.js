// The playground's texts in both languages, rendered from the catalogues
// (web/src/i18n/en.ts, zh.ts) over a table of inputs and checked against the
// writing rules and the term list of web/src/i18n/GLOSSARY.md. The catalogues
// are TypeScript, bundled first (bundle.js).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadWeb } from './bundle.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const { en, zh, PRESETS } = await loadWeb('i18n/en', 'i18n/zh', 'model/presets');

// ---- The inputs. Each entry: (catalogue) => calls, each call
// { args, zero: numbers passed that count from 0, one: numbers that count from 1 }.
const NAMES = [['a'], ['a', 'b'], ['a', 'b', 'c']];
const DIMS = [0, 1, 2, 3];
const call = (args, zero = [], one = []) => ({ args, zero, one });
const sizeAts = (sizes) => sizes.map((size, i) => ({ name: 'abc'[i], size }));
// Sizes at a failing dim, for 2 and 3 operands: null (missing), 1 and n.
const MISMATCHES = [[2, 3], [3, 2], [null, 4, 5].slice(1), [2, 3, 1], [2, 1, 3], [2, null, 3], [4, 0], [2, 3, 4]].map(sizeAts);
const dimPairs = DIMS.flatMap((d) => [1, 2, 3, 4].filter((t) => t !== d).map((t) => [d, t]));
const SUBSETS = [[], ['a'], ['b'], ['a', 'b'], ['c'], ['a', 'c'], ['a', 'b', 'c']];

const TABLE = {
  list: (m) => [[], ['a'], ['a', 'b'], ['a', 'b', 'c'], [0, 1].map(m.align.dim), [0, 1, 2].map(m.align.dim)].map((items) => call([items])),
  sentences: (m) => [[m.strides.stepStorage(['a (1,)']), m.strides.noExpand], [m.inplace.rule('a.add_(b)'), ''], ['', m.strides.noPlan]].map((p) => call([p])),
  labelled: (m) => [[m.ui.result, ''], [m.inplace.stepBroadcastFail, 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1'], [m.grad.noGrad, ''], [m.ui.loadFailed, 'TypeError: x']].map((a) => call(a)),
  // The exercise part (web/src/views/exercise.ts).
  'exercise.kind': () => ['code', 'shapes'].flatMap((mode) => ['runs', 'shape', 'grad', 'predict'].map((k) => call([mode, k]))),
  'exercise.nameBad': () => [call(['code']), call(['shapes'])],
  'exercise.goal': () => [
    ['code', { kind: 'runs' }, ''], ['shapes', { kind: 'runs' }, ''], ['code', { kind: 'shape', name: 'd', shape: [4, 3] }, '(4, 3)'],
    ['shapes', { kind: 'shape', name: 'out', shape: [4, 3] }, '(4, 3)'], ['code', { kind: 'grad', name: 'w', shape: [3] }, '(3,)'],
    ['shapes', { kind: 'grad', name: 'b', shape: [] }, '()'], ['code', { kind: 'predict' }, ''], ['shapes', { kind: 'predict' }, ''],
  ].map((a) => call(a)),
  'exercise.editLines': () => [call(['3', 1], [], [3]), call(['3–5, 8', 4], [], [3, 5, 8])],
  'exercise.editParts': (m) => [[m.exercise.parts.b], [m.exercise.parts.a, m.exercise.parts.op], [m.exercise.parts.b, m.exercise.parts.op, m.exercise.parts.db]].map((p) => call([p])),
  'exercise.why': () => {
    const shape = { kind: 'shape', name: 'd', shape: [4, 3] };
    const grad = { kind: 'grad', name: 'w', shape: [3] };
    const out = { kind: 'shape', name: 'out', shape: [4, 3] };
    return [
      ['code', shape, { met: false, why: 'error', line: 3 }, ''], ['code', shape, { met: false, why: 'unbound', name: 'd' }, ''],
      ['code', shape, { met: false, why: 'not-tensor', name: 'd' }, ''], ['code', grad, { met: false, why: 'no-grad', name: 'w' }, ''],
      ['code', shape, { met: false, why: 'shape', name: 'd', shape: [4, 5] }, '(4, 5)'], ['code', grad, { met: false, why: 'shape', name: 'w', shape: [4, 3] }, '(4, 3)'],
      ['shapes', out, { met: false, why: 'shape', name: 'out', shape: [2, 4, 3] }, '(2, 4, 3)'], ['shapes', out, { met: false, why: 'op-error' }, ''],
      ['shapes', out, { met: false, why: 'inputs' }, ''], ['shapes', { kind: 'grad', name: 'b', shape: [3] }, { met: false, why: 'no-grad', name: 'b' }, ''],
    ].map((a) => call(a, [], a[2].line === undefined ? [] : [a[2].line]));
  },
  'exercise.score': () => [call([1, 2, 3]), call([0, 0, 4])],
  'ui.shapeOf': () => ['a', 'b', 'c'].map((n) => call([n])),
  'ui.valuesOf': () => ['a', 'b', 'c'].map((n) => call([n])),
  'ui.readAs': () => ['(5, 3)', '()', '(0,)'].map((s) => call([s])),
  'ui.stepOf': () => [[1, 1], [1, 6], [6, 6]].map(([k, n]) => call([k, n], [], [k, n])),
  'ui.fixResult': () => [call(['(2, 3)'])],
  'ui.apply': () => [call(['b.unsqueeze(-1)'])],
  'ui.diagram': (m) => Object.values(m.ui.views).map((v) => call([v])),
  'problems.shape': () => ['a', 'c'].map((n) => call([n])),
  'problems.token': () => [call(['a', 'x', false]), call(['c', '2', true])],
  'problems.values': () => [call(['b'])],
  'problems.tooBig': () => [call(['a', '2,000,000', '1,000,000'])],
  'problems.alpha': () => [call(['two'])],
  'problems.resultTooBig': () => [call(['2,000,000', '7.6 MB', '1,000,000'])],
  'explain.mismatch': () => dimPairs.flatMap(([d, t]) => MISMATCHES.map((s) => call([d, t, s], [d], [t]))),
  'explain.inplace': () => [call(['(1, 3, 1)', '(3, 3, 7)'])],
  'explain.noFix': () => DIMS.flatMap((d) => MISMATCHES.map((s) => call([d, s], [d]))),
  'notes.outerProduct': (m) => [
    call([[m.notes.along('a', [1]), m.notes.along('b', [0])], '9', [{ name: 'a', count: '3' }, { name: 'b', count: '3' }]], [0, 1]),
    call([[m.notes.along('a', [0, 2]), m.notes.along('b', [1]), m.notes.along('c', [1, 2])], '60', [{ name: 'a', count: '4' }, { name: 'b', count: '15' }, { name: 'c', count: '3' }]], [0, 1, 2]),
  ],
  'notes.rankPromotion': () => NAMES.map((n) => call([n])),
  'notes.backcompat': () => [call(['(4,)', '(4, 4)'])],
  'notes.along': () => [[0], [1], [0, 2], [0, 1, 3]].flatMap((dims) => ['a', 'b'].map((n) => call([n, dims], dims))),
  'align.dim': () => DIMS.map((d) => call([d], [d])),
  'align.trailing': () => [1, 2, 3].map((t) => call([t], [], [t])),
  'align.pad': () => NAMES.flatMap((n) => [1, 2, 4].map((ndim) => call([n, ndim]))),
  'align.noPad': () => [0, 1, 2, 4].map((ndim) => call([ndim])),
  'align.equal': () => dimPairs.flatMap(([d, t]) => NAMES.slice(1).flatMap((n) => [0, 1, 3].map((size) => call([d, t, size, n], [d], [t])))),
  'align.one': () => dimPairs.flatMap(([d, t]) => SUBSETS.flatMap((ones) => SUBSETS
    .filter((lacking) => ones.length + lacking.length > 0 && lacking.every((x) => !ones.includes(x)))
    .flatMap((lacking) => [0, 4].map((size) => call([d, t, ones, lacking, size], [d], [t]))))),
  'align.missing': () => dimPairs.flatMap(([d, t]) => SUBSETS.filter((s) => s.length > 0).map((lacking) => call([d, t, lacking, 3], [d], [t]))),
  'align.mismatch': () => dimPairs.flatMap(([d, t]) => MISMATCHES.map((s) => call([d, t, s], [d], [t]))),
  'align.ok': () => [call(['torch.Size([5, 3, 4, 1])'])],
  'align.fail': () => DIMS.map((d) => call([d], [d])),
  'strides.storage': () => [call(['a'])],
  'strides.cells': () => [0, 1, 2, 12].map((n) => call([n])),
  'strides.expanded': () => [call(['b', '(5, 3, 4, 1)'])],
  'strides.output': () => [call(['(5, 3)'])],
  'strides.stepStorage': () => [call([['a (1,)']]), call([['a (4, 1)', 'b (1,)']]), call([['c (3, 1)', 'a (1,)', 'b ()']])],
  'strides.stepExpand': () => [call([['a (4, 1) → (4, 1)', 'b (1,) → (0, 1)']]), call([['c (1,) → (0, 1)', 'a () → (0, 0)', 'b (1,) → (1, 0)']])],
  'strides.stepReorder': () => [[[0], null], [[1, 0], null], [[0, 1], [1, 0]], [[2, 0, 1], [2, 1, 0]]].map(([o, n]) => call([o, n], [...o, ...(n ?? [])])),
  'strides.stepCoalesce': () => [call([['[0, 1] → 12'], '12', true]), call([['[0] → 4', '[1, 2] → 6'], '4 × 6', true], [0, 1, 2]), call([['[0] → 4', '[1] → 6'], '4 × 6', false], [0, 1])],
  'strides.stepKernel': (m) => Object.values(m.strides.patterns).flatMap((p) => [1, 2].map((rows) => call([p, rows]))),
  'strides.loopComment': () => [[[0], 'out 1, a 1, b 0'], [[1, 2], 'out 1, a 0, b 1']].map(([dims, s]) => call([dims, s], dims)),
  'strides.kernelLine': () => [call(['binary_contiguous'])],
  'strides.readsPart': () => [0, 3, 7].flatMap((cell) => [1, 2].map((shared) => call(['a', cell, '3', shared], [cell]))),
  'strides.reads': (m) => [
    call(['out[1, 0]', '3', [m.strides.readsPart('a', 7, '3', 1)]], [7]),
    call(['out[1, 0]', '3', [m.strides.readsPart('a', 7, '3', 1), m.strides.readsPart('b', 0, '0', 2)]], [7, 0]),
    call(['out[0]', 'True', ['c', 'a', 'b'].map((n, i) => m.strides.readsPart(n, i + 5, '1', 2))], [5, 6, 7]),
  ],
  'grad.incoming': () => [call(['a'])],
  'grad.afterLeading': () => [call(['b', '(1, 3, 1, 1)'])],
  'grad.afterOnes': () => [call(['b', '(1, 3, 1, 1)'])],
  'grad.final': () => [call(['b', '(3, 1, 1)'])],
  'grad.unreduced': () => [call(['a', '(5, 3)'])],
  'grad.stepForward': () => [call(['a + b', '(5, 3)', 'out.sum()'])],
  'grad.stepIncoming': () => [call(['(5, 3)'])],
  'grad.stepLeading': (m) => [call([[m.grad.leadingPart('a', [0]), m.grad.nothing('b')]], [0]), call([[m.grad.leadingPart('a', [0, 1]), m.grad.leadingPart('b', [0])]], [0, 1])],
  'grad.stepOnes': (m) => [call([[m.grad.onesPart('a', [2]), m.grad.nothing('b')]], [2]), call([[m.grad.onesPart('a', [1, 3]), m.grad.onesPart('b', [0])]], [0, 1, 3])],
  'grad.stepView': (m) => [call([[m.grad.viewPart('a', '(1, 3)', '(3,)'), m.grad.unreducedPart('b'), m.grad.noViewPart('c', '(1, 3)')]])],
  'grad.leadingPart': () => [[0], [0, 1], [0, 1, 2]].map((dims) => call(['b', dims], dims)),
  'grad.onesPart': () => [[1], [1, 3], [0, 2, 3]].map((dims) => call(['b', dims], dims)),
  'grad.nothing': () => [call(['a'])],
  'grad.viewPart': () => [call(['b', '(1, 3, 1, 1)', '(3, 1, 1)'])],
  'grad.noViewPart': () => [call(['a', '(5, 1, 4, 1)'])],
  'grad.unreducedPart': () => [call(['a'])],
  'inplace.rule': () => [call(['a.add_(b)'])],
  'inplaceForms.noForm': () => ['maximum', 'minimum', 'where'].map((op) => call([op, `a.add_(b)`])),
  'inplaceForms.compareDtype': () => ['float32', 'bool'].map((dtype) => call(['a.eq_(b)', dtype])),
  'boolGrad.result': () => [call(['a < b']), call(['torch.where(c, a, b)'])],
  'inplace.stepShapes': () => [call(['a.add_(b)', '(1, 3, 1)'])],
  'inplace.stepBroadcast': () => [call(['(1, 3, 1)', '(3, 1, 7)', '(3, 3, 7)'])],
  'inplace.stepCompareOk': () => [call(['(5, 3)'])],
  'inplace.stepCompareFail': () => [[0], [0, 2], [0, 1, 2]].map((dims) => call(['(3, 3, 7)', '(1, 3, 1)', dims], dims)),
  'inplace.stepOk': () => [call(['a.add_(b)', 'torch.Size([5, 3])'])],
  'inplace.stepFail': () => [call(['a.add_(b)'])],
  'traceback.readSize': () => DIMS.map((d) => call([d, 2, 3], [d])),
  'traceback.readInplace': () => [call(['(3, 1)', '(3, 4)'])],
  'traceback.readExpand': () => DIMS.map((d) => call([d, 3, 2], [d])),
  'traceback.readExpandShapes': () => [call(['(2, 3)', '(2, 2)'])],
  'traceback.guessSize': () => DIMS.map((d) => call([d], [d])),
  'traceback.guessExpand': () => DIMS.map((d) => call([d], [d])),
  'traceback.shownAs': () => [call(['a.add_(b)'])],
  'traceback.shapeLabel': () => ['a', 'b'].map((n) => call([n])),
  'traceback.shapeProblem': () => [1, 4].map((at) => call([at], [], [at])),
  'traceback.nameLabel': () => ['B', 'H'].map((n) => call([n])),
  'traceback.expandSays': () => [call(['b.expand(2, 3)'])],
  'traceback.matmul': () => [call(['mat1', 'mat2', '2x3', '4x5', [3, 4]])],
  'traceback.matmulRule': () => [call(['mat1', 'mat2'])],
  'traceback.matmulLinear': () => [call([3, 4])],
  'predict.askResult': () => [call(['a + b'])],
  'predict.askDim': () => dimPairs.flatMap(([d, t]) => MISMATCHES.slice(0, 4).map((s) => call([d, t, s], [d], [t]))),
  'predict.askGrad': () => ['a', 'b'].map((n) => call([n])),
  'predict.gradLabel': () => ['a', 'b'].map((n) => call([n])),
  'predict.unreadable': () => [call(['4;3'])],
  'predict.youSaid': () => [call(['(4, 3)'])],
  'predict.resultIs': () => [call(['(4, 3)'])],
  'predict.dimIs': (m) => DIMS.flatMap((d) => Object.values(m.predict.verdicts).map((v) => call([d, v], [d]))),
  'predict.gradIs': () => [call(['b', '(3, 1)'])],
  'fixes.meaning.reorders': () => ['a', 'b'].map((n) => call([n])),
  'fixes.meaning.pairs': () => ['row', 'column'].map((axis) => call(['a', 'b', axis])),
  'fixes.meaning.reuses': () => [[{ name: 'b', dims: [1] }], [{ name: 'a', dims: [0, 2] }, { name: 'b', dims: [1] }]].map((p) => call([p], p.flatMap((x) => x.dims))),
  'fixes.meaning.outOfPlace': () => [true, false].map((larger) => call([larger])),
  'fixes.keepdim': () => [0, 1].map((d) => call(['b', 'a', d, '(4, 1)'], [d])),
  'fixes.large.notDrawn': () => [call(['1,048,576'])],
  'fixes.large.gridsNotDrawn': () => [call(['1,048,576'])],
  'fixes.large.noPlan': () => [call(['4,194,304'])],
  'fixes.large.stage': () => [call(['3,145,728'])],
  'fixes.large.stepView': (m) => [call([[m.grad.viewPart('a', '(1, 3)', '(3,)'), m.grad.unreducedPart('b')]])],
  'chain.label': () => ['a', 'b', 'c'].map((n) => call([n])),
  'chain.sees': () => [call(['(3, 2)'])],
  'chain.unexpected': () => [call([3, ')'], [], [3]), call([5, ''], [], [5])],
  'chain.unknown': () => [call(['foo'])],
  'chain.arity': () => [['transpose', '2', 1], ['unsqueeze', '1', 3], ['squeeze', '0-1', 2]].map((a) => call(a)),
  'chain.unclosed': () => [call(['[', 1], [], [1]), call(['(', 11], [], [11])],
  'chain.number': () => [call(['99999999999'])],
  'chain.tooLong': () => [call([16])],
  'chain.textTooLong': () => [call([4096])],
  'chain.tooDeep': () => [call([32])],
  'chain.pytorch': () => [call(['only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)'])],
  'chain.unreadable': () => ['a', 'b'].map((n) => call([n])),
  'chain.failed': () => [call(['a.transpose(0, 5)'])],
  'chain.copy': () => [call(['a[[0, 1]]', '[0, 1]']), call(['a[:, True]', 'True'])],
  'chain.viewOf': () => [0, 3].map((o) => call(['a.T', '(2, 3)', o], [o])),
  'chain.viewNote': () => [0, 3].map((o) => call(['a.T', '(3, 2)', '(2, 3)', o], [o])),
  'chain.formula': () => [call(['out[1, 0]', 'a', '1·1 + 0·3 = 1'])],
  'chain.kernelDetail': () => [call(['binary_contiguous'])],
  'layout.exporting': () => [call([1, 5], [], [1, 5])],
  'layout.exported': () => [call(['tensorcast-align-step1.svg'])],
  'layout.exportFailed': () => [call(['out of memory'])],
  'layout.tableCaption': (m) => Object.values(m.ui.views).map((v) => call([v, m.ui.stepOf(2, 5)], [], [2, 5])),
  'promotion.dtypeOf': () => ['a', 'b'].map((n) => call([n])),
  'promotion.operand': () => ['tensor', 'zero-dim', 'number'].flatMap((cat) => [['a', 'int64'], ['b', 'float32']].map(([n, d]) => call([n, d, cat]))),
  'promotion.within': () => [
    [['a', 'b'], ['int64', 'int64'], 'int64', 'same'], [['a', 'b'], ['int64', 'float32'], 'float32', 'kind'], [['a', 'b'], ['bool', 'uint8'], 'uint8', 'kind'],
    [['a', 'b'], ['int32', 'int64'], 'int64', 'wider'], [['a', 'b'], ['float32', 'float64'], 'float64', 'wider'],
  ].flatMap(([names, dtypes, dtype, reason]) => [true, false].map((common) => call(['tensor', names, dtypes, dtype, reason, common]))),
  'promotion.common': () => [call(['float32'])],
  'promotion.across': () => {
    const g = (category, names, dtype) => ({ category, names, dtype });
    return [
      call([g('tensor', ['a'], 'int32'), [], [g('zero-dim', ['b'], 'int64')], 'int32']),
      call([g('tensor', ['a'], 'float32'), [], [g('zero-dim', ['b'], 'bool')], 'float32']),
      call([g('zero-dim', ['b'], 'float64'), [g('tensor', ['a'], 'int64')], [], 'float64']),
      call([g('tensor', ['a', 'b'], 'int64'), [], [g('number', ['other'], 'float32')], 'int64']),
    ];
  },
  'promotion.rule': () => [
    ['add', 'promote', 'float32', 'float32', 'float32'], ['div', 'promote-to-float', 'int64', 'float32', 'float32'],
    ['div', 'promote-to-float', 'float64', 'float64', 'float64'], ['lt', 'bool', 'int64', 'int64', 'bool'],
  ].map((a) => call(a)),
  'promotion.casts': () => [call([[], 'float32']), call([['a'], 'float32']), call([['a', 'b'], 'float32'])],
  'promotion.inplace': () => [
    ['a.add_(b)', 'int32', 'int64', true, false], ['a.add_(b)', 'int64', 'int64', false, false],
    ['a.eq_(b)', 'float32', 'bool', true, true], ['a.eq_(b)', 'bool', 'bool', false, true],
  ].map((a) => call(a)),
  'promotion.inplaceRefused': () => [call(['a.add_(b)', 'int64', 'float32']), call(['a.add_(b)', 'bool', 'int64'])],
  'promotion.token': () => [call(['a', '2.5', 'int64'])],
  'promotion.gradSkipped': () => [call([[{ name: 'a', dtype: 'int64' }]]), call([[{ name: 'b', dtype: 'bool' }]])],
  'promotion.gradNone': () => [call([[{ name: 'a', dtype: 'int32' }, { name: 'b', dtype: 'int64' }], 'int64']), call([[{ name: 'a', dtype: 'bool' }, { name: 'b', dtype: 'uint8' }], null])],
  'grid.empty': () => [call(['(0,)'])],
  'grid.tooManyDims': () => [call([7])],
  'programGraph.desc': () => [[1, 1], [8, 7], [0, 0]].map((a) => call(a)),
  'programGraph.line': () => [1, 12].map((n) => call([n], [], [n])),
  'programGraph.storage': () => [1, 3].map((n) => call([n], [], [n])),
  'programGraph.tensorId': () => [call([17])],
  'programGraph.nodeLabel': () => [call(['d', '(2, 3, 4)', 'float32', 3, []], [], [3]), call(['x[:, :, None]', '(2, 3, 1)', 'float32', 3, ['x']], [], [3]),
    call(['b', '(3, 4)', 'int64', 2, ['a', 'c']], [], [2])],
  'programGraph.callLabel': () => [call(['sub', 3, ['x[:, :, None]', 'y'], ['d'], false], [], [3]), call(['index', 3, ['x'], ['x[:, :, None]'], true], [], [3]),
    call(['torch.ones', 4, [], ['w'], false], [], [4])],
  'programGraph.stopped': () => [call([4], [], [4])],
  'programGraph.leftOut': () => [call([1, 61, 61], [], [61]), call([240, 61, 300], [], [61, 300])],
  'programGraph.backward.start': () => [call([6, 'loss', '()'], [], [6])],
  'programGraph.backward.item': () => [call(['mul', 'w', '(2, 3, 4)', '(3, 1)'])],
  'programGraph.backward.arrives': () => [call(['d * w', 'mul', 'w', '(2, 3, 4)', '(3, 1)']), call(['(d * w).sum()', 'sum', 'd * w', '(2, 3, 4)', '(2, 3, 4)'])],
  'programGraph.backward.reducedTo': () => [call(['grad.sum((0, 2), keepdim=True).view(3, 1)', 'w', '(3, 1)'])],
  'programGraph.backward.isGrad': () => [call(['w'])],
  'programGraph.backward.grads': () => [call([['w.grad (3, 1)']]), call([['a.grad (3,)', 'b.grad (2, 3)']])],
  'code.untitled': () => [call(['pairwise-distances'])],
  'code.errorAt': () => [1, 12].map((line) => call([line], [], [line])),
  'code.lineOp': () => [call([3, 'd = x[:, :, None] - y'], [], [3])],
  'code.operands': () => [call([[['a', 'x[:, :, None]'], ['b', 'y']]]), call([[['c', 'm > 0'], ['a', 'x'], ['b', 'torch.zeros(3)']]])],
  'code.noOp': () => [1, 5].map((line) => call([line], [], [line])),
  'link.value': () => [call(['op=frobnicate', 'op=add']), call(['step=two', null]), call(['steps="0"', null]), call(['fit="75%"', 'fit=""'])],
  'link.cut': () => [call(['a', '8,192', '4,096'])],
  'link.codeProblem': () => ['characters', 'damaged', 'not-text', 'too-long'].map((p) => call([p, '1,048,576'])),
  'link.preset': () => [call(['pairwise']), call(['../x'])],
  // the printable worksheet (sheet part)
  'worksheet.pageOf': () => [[1, 6], [8, 8]].map(([k, n]) => call([k, n], [], [k, n])),
  'worksheet.maxLines': () => [1, 2, 3].map((n) => call([n], [], [n])),
  'worksheet.difficulty': () => [1, 5].map((n) => call([n], [], [n])),
  'worksheet.raises': () => [call(['RuntimeError']), call(['IndexError'])],
  'worksheet.keyFailed': () => [call(['could not load the tensorcast wasm module'])],
  'worksheet.unknown': () => [call([['nope']]), call([['nope', 'outer2']])],
  'worksheet.ignored': () => [call([['colour=red']]), call([['set=all', 'lang=fr']])],
};

/** Every text of a catalogue: [path, text, call] for strings, and for each function over its table. */
function render(m) {
  const out = [];
  const untabled = [];
  const walk = (node, path) => {
    for (const [key, value] of Object.entries(node)) {
      const p = path === '' ? key : `${path}.${key}`;
      if (typeof value === 'string') out.push({ path: p, text: value, zero: [], one: [] });
      else if (typeof value === 'function') {
        const calls = TABLE[p]?.(m);
        if (calls === undefined) {
          // A text added after this table: rendered with plain names so its fixed words are still checked.
          untabled.push(p);
          try {
            out.push({ path: p, text: String(value(...Array.from({ length: value.length }, () => 'a'))), zero: [], one: [] });
          } catch {
            // Needs arguments of another kind: only the table can render it.
          }
        } else for (const c of calls) out.push({ path: `${p}(${JSON.stringify(c.args)})`, text: value(...c.args), zero: c.zero, one: c.one });
      } else if (value !== null && typeof value === 'object') walk(value, p);
    }
  };
  walk(m, '');
  return { out, untabled };
}

// ---- The glossary's table: rejected words per language.
function rejected() {
  const md = readFileSync(join(root, 'web/src/i18n/GLOSSARY.md'), 'utf8');
  const rows = md.split('\n').filter((l) => l.startsWith('|') && !l.startsWith('| idea') && !l.startsWith('| ---'));
  const words = { zh: [], en: [] };
  for (const row of rows) {
    const cells = row.split('|').map((c) => c.trim());
    const [, idea, , , notZh, notEn] = cells;
    for (const w of (notZh ?? '').split('、').map((x) => x.trim()).filter(Boolean)) words.zh.push({ w, idea });
    for (const w of (notEn ?? '').split(',').map((x) => x.trim()).filter(Boolean)) words.en.push({ w, idea });
  }
  return words;
}

const HAN = '[\\u4e00-\\u9fff]';
const FULL = '[，。：；、（）“”！？]';
const ZH_RULES = [
  [new RegExp(`${HAN}[,:;!?()]`), 'ASCII punctuation right after a Chinese character (full-width belongs there)'],
  [new RegExp(`[,;:] *${HAN}`), 'ASCII comma, colon or semicolon before Chinese text'],
  [new RegExp(`${HAN} +${HAN}`), 'a space between two Chinese characters'],
  [new RegExp(` +${FULL}|${FULL} +`), 'a space beside full-width punctuation'],
  [new RegExp(`${HAN}[A-Za-z0-9\\[]|[A-Za-z0-9)\\]]${HAN}`), 'no space between Chinese and Latin letters, digits or code'],
  [/是 [\w.−-]+ 和 /, 'clauses joined by 和 ("a 是 2 和 b 是 3"): separate them with ，'],
  [/第\s*0\s*个/, '第 0 个: an ordinal with a 0-based number'],
  [/(因此|所以)[^]*\1/, 'the same connective twice (因此…因此)'],
  [/ {2,}|^ | $/, 'a doubled, leading or trailing space'],
];
const EN_RULES = [
  [/(?<!, )\b[a-c] and [a-c] (is|has|was)\b/, 'two names with a singular verb ("a and b is")'],
  [/(?<!(and|,) )\b[a-c] (are|have|were)\b/, 'one name with a plural verb ("a are")'],
  [/(?<!, )\b[a-c] and [a-c] are all\b/, '"all" for two names (say "both")'],
  [/\bdim [0-9]+ (are|were|have)\b|\bdims [0-9][0-9, and]* (is|was|has)\b/, 'dims and their verb disagree'],
  [/\p{Script=Han}/u, 'Chinese in the English catalogue'],
  [/ {2,}|^ | $| [,;:](\s|$)| \.(\s|$)/, 'a doubled, leading or trailing space, or a space before punctuation'],
];
const BROKEN = /undefined|NaN|\[object|null/;

for (const [lang, m, rules] of [['zh', zh, ZH_RULES], ['en', en, EN_RULES]]) {
  test(`${lang}: every text follows the writing rules of GLOSSARY.md`, (t) => {
    const { out, untabled } = render(m);
    if (untabled.length > 0) t.diagnostic(`rendered with plain names only (add them to TABLE): ${untabled.join(', ')}`);
    assert.ok(out.length > 300, `only ${out.length} texts rendered`);
    const texts = lang === 'zh' ? [...out, ...PRESETS.map((p) => ({ path: `preset ${p.id}`, text: p.title.zh, zero: [], one: [] }))] : out;
    const bad = [];
    for (const { path, text: shown, zero, one } of texts) {
      // The switch names the other language in it; labelled(label, '') ends with its space on purpose.
      if (path === 'ui.switchLanguage') continue;
      const text = path.startsWith('labelled') ? shown.trimEnd() : shown;
      if (BROKEN.test(text)) bad.push(`${path}: a broken piece: ${text}`);
      for (const [re, why] of rules) if (re.test(text)) bad.push(`${path}: ${why}: ${text}`);
      // A number counted from 0 never becomes an ordinal.
      for (const n of zero.filter((z) => !one.includes(z))) {
        const ordinal = lang === 'zh' ? new RegExp(`第\\s*${n}\\s*(个|项|单元)`) : new RegExp(`\\b${n}(st|nd|rd|th)\\b`);
        if (ordinal.test(text)) bad.push(`${path}: ${n} counts from 0 but reads as an ordinal: ${text}`);
      }
    }
    assert.deepEqual(bad, []);
  });

  test(`${lang}: no word the glossary rejects`, () => {
    const words = rejected()[lang];
    assert.ok(lang === 'en' || words.length > 5, 'the glossary table was not read');
    const texts = [...render(m).out.map((o) => o.text), ...PRESETS.map((p) => p.title[lang])];
    const bad = [];
    for (const { w, idea } of words) {
      // A Latin word is matched whole ("shape", not "reshape").
      const re = /^[\w ]+$/.test(w) ? new RegExp(`\\b${w}\\b`) : new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      // PyTorch's own messages quoted in a Chinese text stay in English.
      for (const text of texts) if (re.test(text.replace(/“[\x20-\x7e…’]*”/g, '“”'))) bad.push(`“${w}” (for ${idea}): ${text}`);
    }
    assert.deepEqual(bad, []);
  });
}

test('lists and clauses read as each language writes them', () => {
  assert.equal(en.list(['a', 'b']), 'a and b');
  assert.equal(en.list(['a', 'b', 'c']), 'a, b and c');
  assert.equal(zh.list(['a', 'b']), 'a 和 b');
  assert.equal(zh.list(['a', 'b', 'c']), 'a、b 和 c');
  assert.equal(zh.list(['第 0 维', '第 1 维']), '第 0 维和第 1 维');
  assert.match(zh.explain.mismatch(1, 3, sizeAts([2, 3])), /a 是 2，b 是 3。/);
  assert.match(en.align.one(1, 3, ['b'], ['c'], 4), /b is 1 and c has no such dim \(it counts as 1\), so they are stretched to 4/);
  assert.match(en.align.equal(0, 2, 3, ['a', 'b']), /a and b are both 3/);
  assert.match(en.align.equal(0, 2, 3, ['a', 'b', 'c']), /a, b and c are all 3/);
  assert.match(zh.strides.readsPart('a', 1, '5', 1), /下标 1/);
  assert.equal(zh.sentences(['第一句。', 'The size of tensor a (2) …']), '第一句。The size of tensor a (2) …');
  assert.equal(en.sentences(['One.', '', 'Two.']), 'One. Two.');
});

test('the rules catch the mistakes they were written for', () => {
  const caught = (rules, text) => rules.some(([re]) => re.test(text));
  for (const text of ['a 是 2 和 b 是 3', '第 0 维 和 第 1 维', '结果: (2, 3)', '读取 a的形状', '因此 a 变了，因此 b 也变了'])
    assert.ok(caught(ZH_RULES, text), text);
  for (const text of ['a and b are all 1', 'c and b is 1, so it is stretched', 'a and b has no such dim', 'a have fewer dims'])
    assert.ok(caught(EN_RULES, text), text);
  for (const text of ['a 是 2，b 是 3', '第 0 维和第 1 维', '结果：(2, 3)', 'a 和 b 都是 3'])
    assert.ok(!caught(ZH_RULES, text), text);
  for (const text of ['a and b are both 1', 'a, b and c are all 1', 'b and c have no such dim', 'a has fewer dims'])
    assert.ok(!caught(EN_RULES, text), text);
});
