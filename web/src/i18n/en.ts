// English. Wording follows PyTorch's note "Broadcasting semantics".
import type { DType } from 'tensorcast';
import { kindOf } from '../model/dtypes.js';
import type { DTypeKind } from '../model/dtypes.js';
import type { Category, CategoryGroup } from '../model/promotion.js';
import type { Messages, SizeAt } from './messages.js';

const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const sizeText = (s: SizeAt): string => (s.size === null ? `${s.name} has no such dim` : `${s.name} is ${s.size}`);
const dimWords = (dims: number[]): string => (dims.length === 1 ? `dim ${dims[0]}` : `dims ${list(dims.map(String))}`);
/** Agreement with a list of names: one name takes the first form, several the second. */
const verb = (names: string[], one: string, many: string): string => (names.length > 1 ? many : one);
/** The sizes that clash: distinct, not 1 and present (a missing dim counts as 1). */
const clashing = (sizes: SizeAt[]): number[] =>
  [...new Set(sizes.map((s) => s.size).filter((n): n is number => n !== null && n !== 1))];
const differ = (sizes: SizeAt[]): string => {
  const c = clashing(sizes);
  return `sizes ${list(c.map(String))} differ and ${c.length > 2 ? 'none' : 'neither'} is 1`;
};
const fromRight = (t: number): string => `the ${ordinal(t)} from the right`;

const ordinal = (n: number): string => {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${tail}`;
};

// dtypes (the promotion group): a category and a kind in words.
const CATEGORY: Readonly<Record<Category, string>> = { tensor: 'a tensor with dims', 'zero-dim': 'a 0-dim tensor', number: 'a plain number' };
const CATEGORIES: Readonly<Record<Category, string>> = { tensor: 'tensors with dims', 'zero-dim': '0-dim tensors', number: 'plain numbers' };
const KIND: Readonly<Record<DTypeKind, string>> = { bool: 'a bool', integer: 'an integer', float: 'a float' };
/** "b (int64)", "a and b (int64)": a category's operands and their dtype. */
const groupText = (g: CategoryGroup): string => `${list(g.names)} (${g.names.length > 1 ? CATEGORIES[g.category] : CATEGORY[g.category]}, ${g.dtype})`;
const isAre = (names: string[]): string => verb(names, 'is', 'are');
const lowerKinds = (dtypes: DType[], dtype: DType): string =>
  list([...new Set(dtypes.filter((d) => kindOf(d) !== kindOf(dtype)).map((d) => KIND[kindOf(d)]))]);
const withoutText = (without: { name: string; dtype: DType }[]): string =>
  list(without.map((w) => `${w.name} is ${w.dtype}`));

export const en: Messages = {
  lang: 'en',
  list,
  sentences: (parts) => parts.filter((p) => p !== '').join(' '),
  labelled: (label, text) => `${label}: ${text}`,
  languageName: 'English',
  title: 'Broadcasting, step by step',
  intro: 'Type the shapes, pick an operation, and step through what PyTorch does with them. Every shape, stride and number comes from tensorcast’s WebAssembly core.',
  ui: {
    inputs: 'Inputs',
    preset: 'Example',
    presetPick: 'Pick an example…',
    shapeOf: (name) => (name === 'c' ? 'Shape of the condition c' : `Shape of ${name}`),
    shapeHint: '5,3,4,1 · (5, 3, 4, 1) · [5,3,4,1] · 5x3x4x1 · torch.empty(5,3,4,1) · () for a 0-dim tensor',
    op: 'Operation',
    opGroups: { arithmetic: 'arithmetic', comparison: 'comparison (bool result)', where: 'selection', inplace: 'in-place' },
    alpha: 'alpha',
    valuesOf: (name) => `Values of ${name}`,
    fill: { arange: 'arange: 0, 1, 2, …', ones: 'ones', random: 'random (seeded)', custom: 'typed by hand' },
    fillBool: { arange: 'True, False, … alternating', ones: 'all True', random: 'random (seeded)', custom: 'typed by hand' },
    customHint: 'numbers in row-major order, e.g. 1, 2, 3 or [[1, 2], [3, 4]]',
    seed: 'Seed',
    loss: 'Loss',
    losses: { sum: 'out.sum()', weighted: '(out * w).sum(), w = 1, 2, 3, …' },
    readAs: (shape) => `read as ${shape}`,
    views: { align: 'Alignment', strides: 'Strides', grad: 'Gradient', inplace: 'In-place' },
    viewTabs: 'Views',
    player: 'Steps',
    reset: 'Reset',
    prev: 'Previous',
    play: 'Play',
    playStill: 'Play is off: your system asks for reduced motion. Step with Next.',
    pause: 'Pause',
    next: 'Next',
    stepOf: (k, n) => `Step ${k} of ${n}`,
    exportSvg: 'Export SVG',
    exportPng: 'Export PNG',
    switchLanguage: '中文',
    theme: 'Theme',
    themes: { auto: 'system', light: 'light', dark: 'dark', inherit: 'page' },
    keys: 'Keys: ← → step · Home / End first / last · P play or pause · 1–4 views',
    result: 'Result',
    errorLabel: 'Error (PyTorch’s message)',
    why: 'Why',
    fixes: 'Fixes (each one checked with the core before it is offered)',
    fixesOuter: 'If you meant one value per element, these give a result no larger than the inputs (checked with the core):',
    fixResult: (shape) => `result ${shape}`,
    apply: (code) => `Apply ${code}`,
    diagram: (view) => `${view} diagram`,
    loading: 'Loading the WebAssembly core…',
    blocked: 'Nothing to step through yet: the message above says what to change.',
    nothingToExport: (why) => `No diagram to export. ${why}`,
    loadFailed: 'The WebAssembly core could not be loaded',
    summary: 'What this shows',
    openFull: 'Open in the playground',
    newTab: '(opens in a new tab)',
  },
  problems: {
    shape: (name) => `Cannot read the shape of ${name}.`,
    shapeHelp: 'Type sizes as 5,3,4,1 or (5, 3, 4, 1) or [5,3,4,1] or torch.empty(5,3,4,1); () is a 0-dim tensor. Sizes are whole numbers ≥ 0, with at most 16 dims.',
    token: (name, token, bool) => `Values of ${name}: “${token}” is not ${bool ? 'True, False, 1 or 0' : 'a number'}.`,
    values: (name) => `Values of ${name}:`,
    tooBig: (name, numel, limit) => `${name} has ${numel} elements. The playground makes tensors of up to ${limit} elements, so its values are not drawn; shapes, strides and the gradient’s reduction still are.`,
    notKept: (name, numel) => `${name} has ${numel} elements: too many for the program to hand back its values, so they are not drawn; its shape, strides and the gradient’s reduction still are, as the program ran them.`,
    alpha: (text) => `alpha must be a number, not “${text}”.`,
    resultTooBig: (numel, bytes, limit) => `The result would have ${numel} elements (${bytes}). The playground runs ops up to ${limit} elements, so no values are drawn; shapes, alignment, strides and the gradient’s reduction are still the core’s.`,
  },
  explain: {
    mismatch: (dim, trailing, sizes) =>
      `At dim ${dim} (${fromRight(trailing)}), ${list(sizes.map(sizeText))}. Broadcasting can only stretch a size of 1 (a missing dim counts as 1); the ${differ(sizes)}, so there is no common shape. PyTorch checks the dims from the right and stops at the first such dim.`,
    zeroSize: 'A shape like (0,) is not “without dimensions”, although the example in PyTorch’s documentation (the note “Broadcasting semantics”) says so: it has one dim, of size 0. 0 is neither equal to the other size nor 1, so it cannot broadcast against it; against 1 it would (the 1 yields, giving 0).',
    inplace: (self, broadcast) =>
      `An in-place op writes its result into its own tensor, whose shape is ${self}. Broadcasting the operands gives ${broadcast}, a different shape, and an in-place op can never change the shape of its tensor. The out-of-place op (such as a + b) would work and give ${broadcast}.`,
    oldMessageSummary: 'Older PyTorch versions word it differently',
    oldMessage: 'Older PyTorch versions, and the example in PyTorch’s documentation (the note “Broadcasting semantics”), report it with expand’s message:',
    generic: 'The core refused this input; the message above is its own.',
    noFix: (dim, sizes) =>
      `No unsqueeze, squeeze, reshape with 1s or transpose of a single operand makes these shapes broadcast: at dim ${dim}, ${list(sizes.map(sizeText))}, and only a size of 1 can be stretched. Check that these are the tensors you meant.`,
  },
  notes: {
    outerProduct: (stretched, numel, inputs) =>
      `Legal: ${stretched.length > 2 ? 'the inputs are all' : 'both inputs are'} stretched (${stretched.join('; ')}), so the result has ${numel} elements, more than any input (${inputs.map((i) => `${i.name} has ${i.count}`).join(', ')}). This is an outer product: every value of one input meets every value of the other, as in a table of all pairs. If you meant one value per element, check the shapes.`,
    rankPromotion: (names) => `${list(names)} had fewer dims, so 1s were added on the left (implicit rank promotion).`,
    backcompat: (oldShape, newShape) =>
      `Same number of elements, different shapes: PyTorch before broadcasting treated both as 1-dim and gave ${oldShape}; now the result is ${newShape}. PyTorch warns about this only after torch.utils.backcompat.broadcast_warning.enabled = True (tensorcast turns it on here as a teaching aid):`,
    backcompatLabel: 'UserWarning',
    along: (name, dims) => `${name} along ${dimWords(dims)}`,
  },
  align: {
    dim: (d) => `dim ${d}`,
    trailing: (t) => `−${t}`,
    resultRow: 'result',
    verdict: { equal: '= equal', one: '1 → stretched', missing: '+ missing', mismatch: '✗ mismatch', unchecked: 'not checked' },
    typed: 'The shapes as typed, lined up on the right: broadcasting compares sizes from the last (trailing) dim towards the first. Dims are numbered from 0 on the left, as PyTorch’s dim argument counts them.',
    pad: (padded, ndim) => `${list(padded)} ${verb(padded, 'has', 'have')} fewer dims: 1s are added on the left (the dashed ghost cells) so that every shape has ${ndim} dims.`,
    noPad: (ndim) => `Every shape has ${ndim} dim${ndim === 1 ? '' : 's'}: nothing to pad.`,
    equal: (d, t, size, names) =>
      `Dim ${d} (${fromRight(t)}): ${list(names)} ${names.length === 1 ? 'is' : names.length === 2 ? 'are both' : 'are all'} ${size}. Equal sizes: the result is ${size}.`,
    one: (d, t, ones, lacking, size) => {
      const all = [...ones, ...lacking];
      const why = [
        ...(ones.length > 0 ? [`${list(ones)} ${ones.length === 1 ? 'is' : ones.length === 2 ? 'are both' : 'are all'} 1`] : []),
        ...(lacking.length > 0 ? [`${list(lacking)} ${verb(lacking, 'has', 'have')} no such dim (it counts as 1)`] : []),
      ];
      // A 1 yields to 0 too: "stretched to 0" would read as a contradiction.
      if (size === 0) return `Dim ${d} (${fromRight(t)}): ${list(why)}, and a 1 yields even to 0: the result is 0.`;
      return `Dim ${d} (${fromRight(t)}): ${list(why)}, so ${verb(all, 'it is', 'they are')} stretched to ${size} without copying: the result is ${size}.`;
    },
    missing: (d, t, lacking, size) => `Dim ${d} (${fromRight(t)}): ${list(lacking)} ${verb(lacking, 'has', 'have')} no such dim, which counts as 1: the result is ${size}.`,
    mismatch: (d, t, sizes) =>
      `Dim ${d} (${fromRight(t)}): ${list(sizes.map(sizeText))}. The ${differ(sizes)}, so they cannot be broadcast: PyTorch stops here.`,
    ok: (size) => `Every dim agrees: the result has shape ${size}.`,
    fail: (d) => `Broadcasting fails at dim ${d}; the dims to its left are never checked.`,
  },
  strides: {
    storage: (name) => `${name}’s storage`,
    cells: (n) => `${n.toLocaleString('en-US')} cell${n === 1 ? '' : 's'}`,
    expanded: (name, shape) => `${name} expanded to ${shape}`,
    output: (shape) => `out ${shape}`,
    table: { operand: 'operand', shape: 'shape', strides: 'strides', expanded: 'expanded strides', offset: 'offset' },
    zeroMark: 'stride 0: the same cell is read again',
    stepStorage: (items) => `Each tensor has its own storage, a flat run of memory cells. Its strides say how many cells one step along each dim skips: ${items.join(', ')}.`,
    stepExpand: (items) => `TensorIterator’s first idea: broadcasting is a stride of 0. It copies nothing: it gives each input new strides for the result’s shape, with 0 on every stretched or missing dim, so a step there reads the same cell again: ${items.join(', ')}. Each expanded grid shows the value every output element reads; hover or focus an output cell to see which storage cells it reads.`,
    stepReorder: (order, natural) =>
      `TensorIterator’s second idea: sort the dims by stride, so that the innermost loop is the one that moves least through memory (each operand is asked in turn, an output that already exists first; the first whose strides tell two dims apart decides, and a stride of 0 abstains). ` +
      (natural === null
        ? `Here the dims are already in that order: innermost first, ${order.length === 1 ? 'dim' : 'dims'} ${order.join(', ')}.`
        : `Here that changes the loop order: innermost first, dims ${order.join(', ')} instead of ${natural.join(', ')}.`),
    stepCoalesce: (groups, loops, merged) =>
      `Third idea: coalesce. Two neighbouring loops become one when, for every operand, one step of the outer loop is exactly a whole run of the inner one (outer stride = inner size × inner stride). ` +
      `${merged ? 'Merged' : 'Nothing merges here'}: ${groups.join(', ')}. The loops: ${loops}.`,
    stepKernel: (pattern, rows) =>
      `Last, the inner loop, which does the work: along it, ${pattern}` +
      (rows === 2 ? ' It computes two output rows per pass: the broadcast row is read once for both.' : ''),
    patterns: {
      contiguous: 'every operand steps one cell at a time.',
      'scalar-a': 'a stays on one cell (stride 0): one number for the whole row.',
      'scalar-b': 'b stays on one cell (stride 0): one number for the whole row.',
      transposed: 'one input runs across the rows of the output (its stride there is large), so the core works on small square tiles and transposes each in registers.',
      strided: 'at least one operand jumps through memory, so a plain strided loop runs.',
      'reduce-inner': 'a row is summed into one number.',
      'reduce-outer': 'a row is added into a row of the output.',
    },
    loops: 'Iteration plan',
    loopComment: (dims, strides) => `# ${dims.length === 1 ? 'dim' : 'dims'} ${dims.join(', ')}; strides ${strides}`,
    kernelLine: (kernel) => `kernel: ${kernel}`,
    hoverHint: 'Hover an output cell, or Tab to the diagram and move with the arrow keys, to see which cell of each input it reads.',
    gridLabel: 'Output cells: use the arrow keys to move; each cell announces the input cells it reads.',
    reads: (out, value, parts) => `${out} = ${value} reads ${list(parts)}.`,
    readsPart: (name, cell, value, shared) => `${name}’s storage at index ${cell} (value ${value}${shared > 1 ? `, shared by ${shared} output elements` : ''})`,
    noPlan: 'The op did not run, so there is no iteration plan.',
    noExpand: 'Broadcasting failed, so nothing is expanded: each input’s storage and strides are shown as they are.',
  },
  calls: {
    pick: 'This line makes several calls: pick the one to explain.',
    matmulBatch: (a, b, result) => result === null
      ? 'No batch dims: one matrix product.'
      : `The batch dims ${a} and ${b} broadcast, as elementwise ops do, to ${result}: one matrix product for each.`,
    matmulInner: (aDim, bDim, k) => `The inner dims are contracted: dim ${aDim} of a and dim ${bDim} of b, both of size ${k}, are multiplied element by element and summed away.`,
    matmulPromoted: (which) => which === 'a' ? 'a is 1-D: a 1 is added on the left for the product and removed from the result.' : 'b is 1-D: a 1 is added on the right for the product and removed from the result.',
    matmulResult: (m, k, n, out) => `Each product is (${m}, ${k}) @ (${k}, ${n}) → (${m}, ${n}); the result has shape ${out}.`,
    matmulFailed: (a, b, k, bInner) => `a ${a} @ b ${b}: a’s last dim (${k}) must equal b’s second-to-last (${bInner}), and it does not.`,
    matmulHint: (call, shape) => `Did you mean ${call}? Transposed, that operand is ${shape} and the inner dims meet.`,
    reduction: (op, input, dims, keepdim, out) => `${op} over ${dimWords(dims)} of a tensor of shape ${input}: ${dims.length === 1 ? 'that dim goes' : 'those dims go'}${keepdim ? ', kept as size 1 (keepdim=True)' : ''}. The result has shape ${out}.`,
    reductionKeep: (kept) => `Without keepdim=True the reduced dims disappear; to broadcast the result back against its input (x - x.mean(1)), keep them: keepdim=True gives ${kept}.`,
    indexStep: (text, shape) => `${text} → ${shape}`,
    indexView: 'Only integers, slices, None and ...: the result is a view, sharing the input’s storage.',
    indexCopy: 'A tensor (or a list) among the items: advanced indexing, the result is a copy.',
    cat: (count, dim, sizes, out) => `torch.cat joins ${count} tensors along an existing dim${dim === null ? '' : ` (dim ${dim}): its sizes ${sizes.join(' + ')} add up`}; every other dim must be equal. The result has shape ${out}.`,
    stack: (count, shape, dim, out) => `torch.stack puts ${count} tensors of shape ${shape} side by side along a new dim${dim === null ? '' : ` (dim ${dim})`}; they must all have the same shape. The result has shape ${out}.`,
  },
  grad: {
    dOut: 'd loss / d out',
    incoming: (name) => `gradient for ${name}, at out’s shape`,
    afterLeading: (name, shape) => `${name}: leading dims summed and kept as 1, shape ${shape}`,
    afterOnes: (name, shape) => `${name}: size-1 dims summed, shape ${shape}`,
    final: (name, shape) => `${name}.grad ${shape}`,
    unreduced: (name, shape) => `${name}.grad ${shape}: nothing to sum`,
    stepForward: (expr, shape, loss) => `Forward: out = ${expr} has shape ${shape}, and loss = ${loss}. Backward starts from d loss / d out, drawn here.`,
    stepIncoming: (shape) => `The op’s backward gives each input a gradient of out’s shape ${shape}. An input that was broadcast is smaller, so its gradient must be reduced to its shape (sum_to, as PyTorch’s reduce_grad does).`,
    stepLeading: (parts) => parts.join(' '),
    stepOnes: (parts) => parts.join(' '),
    stepView: (parts) => `${parts.join(' ')} These are the .grad values, as the core computed them.`,
    leadingPart: (name, dims) =>
      `${name}: ${dimWords(dims)} ${dims.length === 1 ? 'was' : 'were'} added on the left by broadcasting. Summed with keepdim=True, ${dims.length === 1 ? 'it stays' : 'they stay'} as size 1 until the view at the end.`,
    onesPart: (name, dims) =>
      `${name}: ${dimWords(dims)} had size 1 in ${name} and ${dims.length === 1 ? 'was' : 'were'} stretched. Summed with keepdim=True, back to 1.`,
    nothing: (name) => `${name}: nothing to sum at this stage.`,
    viewPart: (name, from, to) => `${name}: view ${from} → ${to} drops the 1s left by the leading dims: this is ${name}.grad.`,
    noViewPart: (name, shape) => `${name}: the sum already has ${name}’s shape ${shape}, so no view is needed: this is ${name}.grad.`,
    unreducedPart: (name) => `${name} has out’s shape: its gradient is ${name}.grad as it is.`,
    oneSum: 'The core sums the leading dims and the size-1 dims together, in one sum(dims, keepdim=True), then views the result as the input’s shape when dims were added on the left; the steps above draw the two kinds of dims apart. The core’s call for each input:',
    coreCall: 'the core’s call',
    lossWeighted: 'weights w = 1, 2, 3, … in out’s shape',
    lossSum: 'all ones',
    noGrad: 'No gradient flows here',
    inplaceLeaf: 'tensorcast, like PyTorch, refuses an in-place op on a leaf that requires grad; use the out-of-place op to see gradients.',
    programForward: (expr, shape, line, source) => `Forward: out = ${expr} has shape ${shape}. The backward pass of line ${line} (${source}) brought out this gradient, d loss / d out, drawn here: the program’s own numbers.`,
    fromLine: (line) => `from the backward pass of line ${line}`,
    programStepView: (parts) => `${parts.join(' ')} These are the gradients the program’s backward pass computed for this line.`,
    received: (name, shape) => `what ${name} receives ${shape}`,
    notRequired: (names) => `${list(names)} ${verb(names, 'does', 'do')} not require grad (made without requires_grad=True, and computed from nothing that requires it), so the backward pass computes no gradient for ${names.length === 1 ? 'it' : 'them'}.`,
    noBackward: (lines) => lines.length === 0
      ? 'No backward pass ran through this line: the program calls no backward() after it. Add one (loss.backward(), loss a single number computed from this line’s result) to see the gradients.'
      : `No backward pass ran through this line: the backward() on ${lines.length === 1 ? 'line' : 'lines'} ${list(lines.map(String))} started from a tensor that does not depend on this line’s result.`,
    notRecorded: 'No operand of this op requires grad, so autograd did not record it and no gradient flows back through it.',
    noBackwardCaption: 'No backward pass to step through: the program computed no gradient through this line.',
  },
  inplace: {
    rule: (call) => `${call} writes the result into a itself, so the broadcast shape must be exactly a’s shape.`,
    stepShapes: (call, self) => `${call} writes into a, which keeps its shape ${self} whatever happens.`,
    stepBroadcast: (x, y, result) => `Broadcasting a ${x} with b ${y} gives ${result}.`,
    stepBroadcastFail: 'a and b do not even broadcast together',
    stepCompareOk: (result) => `${result} is exactly a’s shape: the result fits in a.`,
    stepCompareFail: (result, self, dims) => `${result} is not a’s shape ${self}: at ${dimWords(dims)}, a would have to grow.`,
    stepOk: (call, shape) => `${call} works: a keeps ${shape}.`,
    stepFail: (call) => `${call} fails (PyTorch’s message is above), and a is left unchanged.`,
    selfRow: 'a’s shape',
    unchanged: 'a is unchanged (checked: the same values before and after)',
    changed: 'a changed although the op failed',
    fits: '✓ fits',
    differs: '✗ differs',
  },
  grid: {
    empty: (shape) => `empty: shape ${shape} has 0 elements`,
    tooManyDims: (ndim) => `${ndim} dims: grids are drawn up to 6 dims`,
    scalar: '0-dim (a scalar)',
  },
  traceback: {
    summary: 'Got a PyTorch error? Paste it here',
    label: 'PyTorch error, or the whole traceback',
    placeholder: 'RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
    none: 'No shape error this page knows is in that text. It reads: “The size of tensor a (…) must match the size of tensor b (…)”, “output with shape […] doesn’t match the broadcast shape […]”, “The expanded size of the tensor (…) must match the existing size (…)” and “mat1 and mat2 shapes cannot be multiplied (…)”.',
    readSize: (dim, a, b) => `The message says: at dim ${dim} of the result (counted from the left, from 0), tensor a has size ${a} and tensor b has size ${b}. Neither is 1, so they cannot broadcast.`,
    readInplace: (self, broadcast) => `The message says: an in-place op writes into a tensor of shape ${self}, but the operands broadcast to ${broadcast}, and an in-place op cannot change its tensor’s shape.`,
    readExpand: (dim, target, existing) => `The message says: expand was asked for size ${target} at dim ${dim}, where the tensor has ${existing}. expand only stretches dims of size 1.`,
    readExpandShapes: (target, tensor) => `It names both shapes: the target ${target} and the tensor ${tensor}. x.expand(target) fails exactly when target.add_(x) would, so the page shows it as a.add_(b) with a the target and b the tensor.`,
    guessSize: (dim) => `The message names no other size. The fields hold the smallest shapes that give this message: ${dim === 0 ? 'one dim each' : `${dim + 1} dims each, 1 before dim ${dim}`}. Type your real shapes over the guesses.`,
    guessInplace: 'It gives a’s shape and the result’s, not b’s: b below is the smallest shape that gives that result. Type b’s real shape over the guess.',
    guessExpand: (dim) => `This older message names no shapes: the fields hold the smallest that give it (${dim + 1} dims each). Type your real shapes over the guesses.`,
    exact: 'Both shapes come from the message.',
    shownAs: (call) => `shown as ${call}`,
    guess: 'guess',
    fromMessage: 'from the message',
    shapeLabel: (name) => `shape of ${name}`,
    shapeHint: '4,3 · 4x3 · (4, 3) · [4, 3] · torch.Size([4, 3]) · names such as B,3,H,W',
    shapeProblem: (at) => `cannot read this shape (at character ${at})`,
    askNames: 'A size for each name:',
    nameLabel: (name) => `size of ${name}`,
    apply: 'Show these shapes',
    same: 'The playground gives the same message for these shapes: the steps below show why.',
    different: 'These shapes give a different message from the one pasted (compare them above): check the sizes you typed.',
    noError: 'These shapes give no error: the pasted message cannot come from them.',
    expandSays: (call) => `The core’s ${call} says:`,
    matmul: (left, right, l, r, [k1, k2]) => `The message says: a matrix product of ${left} (${l}) and ${right} (${r}). It needs ${left}’s columns to equal ${right}’s rows, and here ${k1} ≠ ${k2}.`,
    matmulRule: (left, right) => `Each entry of the product multiplies one row of ${left} with one column of ${right} element by element and sums, so those two lengths must be the same. torch.matmul folds a batched input’s leading dims into the rows first (a (3, 4, 5) tensor reaches this check as 12x5), and it broadcasts only those batch dims, never the two it multiplies.`,
    matmulLinear: (features, expected) => `If it came from nn.Linear (F.linear), the second matrix is the layer’s weight transposed: the input’s last dim has ${features} features, while the layer was made for ${expected} (its in_features).`,
    matmulInCode: 'The playground’s Code mode runs matrix products: type the line there (x @ W.T, say) to see which dims are multiplied and summed away, and which broadcast.',
    applied: 'Applied. The line for your code:',
    copy: 'Copy',
    copied: 'Copied.',
    copyFailed: 'The browser did not allow copying: the line is selected, press Ctrl+C (⌘C on a Mac).',
    undo: 'The browser’s Back button undoes it.',
  },
  predict: {
    toggle: 'Predict first',
    toggleHint: 'Each answer stays hidden until you predict it.',
    hiddenResult: 'hidden until you predict it (the steps below ask you).',
    askResult: (call) => `Your turn: what does ${call} give? Type the result’s shape, or choose “It raises an error”.`,
    askDim: (d, t, sizes) => `Dim ${d} (${fromRight(t)}): ${list(sizes.map(sizeText))}. Are the sizes equal, is one stretched, or is it an error?`,
    askGrad: (name) => `Your turn: ${name}.grad is about to appear. What shape will it have?`,
    shapeLabel: 'Your prediction: the result’s shape',
    gradLabel: (name) => `Your prediction: the shape of ${name}.grad`,
    check: 'Check',
    raisesError: 'It raises an error',
    verdicts: { equal: '= equal', stretched: '1 → stretched', error: '✗ error' },
    verdictsLabel: 'Your prediction for this dim',
    unreadable: (text) => `“${text}” is not a shape. Type sizes such as 5,2 or (5, 2) or [5, 2]; () is a 0-dim tensor.`,
    right: '✓ Right.',
    wrong: '✗ Not quite.',
    youSaid: (guess) => `You said ${guess}.`,
    resultIs: (shape) => `The result is ${shape}.`,
    resultFails: 'PyTorch raises an error (its message is above).',
    dimIs: (d, verdict) => `Dim ${d}: ${verdict}.`,
    gradIs: (name, shape) => `${name}.grad has shape ${shape}.`,
    answerFirst: 'Predict first: the next step waits for your answer.',
  },
  fixes: {
    meaning: {
      reorders: (name) => `reorders ${name}’s values: a different computation`,
      pairs: (whole, part, axis) => `pairs each ${axis} of ${whole} with one value of ${part}`,
      reuses: (parts) => parts.map((p) => `each value of ${p.name} is reused along ${dimWords(p.dims)}`).join('; '),
      oneToOne: 'pairs the values one to one',
      outOfPlace: (larger) =>
        larger
          ? 'the op as typed, into a new tensor larger than every input: every pairing of their values (an outer product)'
          : 'the op as typed, into a new tensor: a is not written',
    },
    keepdim: (reduced, from, dim, shape) =>
      `If ${reduced} = ${from}.sum(${dim}) (or ${from}.mean(${dim})), write keepdim=True: it keeps the dim as size 1, shape ${shape}, which lines up with ${from}.`,
    large: {
      notDrawn: (limit) => `values not drawn: more than the ${limit} elements the playground makes`,
      gridsNotDrawn: (limit) => `Values are not drawn above ${limit} elements; the strides above are the core’s all the same.`,
      noPlan: (limit) =>
        `The core plans its loops only while it runs the op, and this one is too big to run here (the result and the inputs have more than ${limit} elements), so no iteration plan is shown.`,
      stage: (numel) => `${numel} values, not drawn`,
      gradValues: 'values not drawn (more elements than the playground makes)',
      noSteps: 'This op is too big to run here, so this view has nothing to step through; the Alignment and Strides views still show its shapes and strides.',
      stepView: (parts) => `${parts.join(' ')} These are the shapes of the .grad tensors; their values are not drawn.`,
    },
  },
  chain: {
    label: (name) => `View of ${name}`,
    placeholder: '.T · .transpose(0, 1) · [:, 1:3] · .expand(2, -1)',
    sees: (shape) => `the op sees ${shape}`,
    unexpected: (pos, found) => (found === '' ? `The view chain ends too early (character ${pos}).` : `“${found}” at character ${pos} is not part of a view chain.`),
    unknown: (name) => `.${name} is not a view op read here: use .T, .mT, .t(), .transpose, .permute, .narrow, .expand, .view, .unsqueeze, .squeeze or [ ] indexing.`,
    arity: (name, expected, got) => `.${name}() takes ${expected === '0-1' ? '0 or 1' : expected} argument${expected === '1' ? '' : 's'}, not ${got}.`,
    unclosed: (bracket, pos) => `The “${bracket}” at character ${pos} is never closed.`,
    number: (text) => `${text} is too large for a size or a dim.`,
    tooLong: (limit) => `A view chain is read up to ${limit} ops.`,
    textTooLong: (limit) => `A view chain is read up to ${limit} characters.`,
    tooDeep: (limit) => `Lists inside an index are read up to ${limit} levels deep.`,
    pytorch: (message) => `PyTorch refuses this index: ${message}`,
    unreadable: (name) => `The view chain of ${name} cannot be read:`,
    failed: (call) => `${call} fails (PyTorch’s message):`,
    copy: (call, item) => `${call}: the index item ${item} makes a copy (advanced indexing), not a view of this storage. A view chain holds views only: index it with integers, slices, None or “...”.`,
    viewOf: (view, base, offset) => `${view} is a view of this storage (shape ${base}), starting at cell ${offset}`,
    viewNote: (view, shape, base, offset) => `${view} is a view: the op sees shape ${shape}, but reads the storage of the ${base} tensor, from cell ${offset} on, by the view’s strides.`,
    formula: (out, name, expr) => `${out} reads ${name} at ${expr}`,
    kernelDetail: (kernel) => `tensorcast’s kernel for this inner loop: ${kernel}`,
  },
  roles: {
    equal: 'equal sizes',
    kept: 'the size kept',
    stretched: 'a 1, stretched',
    missing: 'missing dim (a ghost 1)',
    conflict: 'mismatch',
    now: 'dim being checked',
  },
  inplaceForms: {
    noForm: (op, used) => `PyTorch has no ${op}_ (${op} has no in-place form), so this view shows ${used}.`,
    compareDtype: (call, dtype) => dtype === 'bool'
      ? `${call} is a comparison written into a: a keeps its dtype bool, and each element becomes True or False.`
      : `${call} is a comparison written into a: a keeps its dtype ${dtype}, so each element becomes 1 where the comparison holds and 0 where it does not (PyTorch casts the bool result to a’s dtype).`,
  },
  boolGrad: {
    caption: 'No backward pass to step through: out is a bool tensor, which has no gradient.',
    result: (expr) => `${expr} gives a bool tensor (True or False in each element), and a bool tensor has no gradient: only floating-point tensors can require grad, so there is nothing to pass back to a or b.`,
    comparison: 'Why: a comparison is not differentiable. Its result only jumps between False and True: moving a or b a little either leaves it as it is or makes it jump, so there is no slope to pass back. This is why PyTorch gives eq, ne, lt, le, gt and ge no gradient, and backward() on their result raises “element 0 of tensors does not require grad and does not have a grad_fn”.',
    where: 'Why: both values given to where are bool here, so its result is bool too: it holds truth values, not numbers that can change smoothly.',
  },
  promotion: {
    heading: 'Dtypes: how PyTorch picks the result’s type',
    dtypeOf: (name) => `dtype of ${name}`,
    operand: (name, dtype, category) => `${name} is ${dtype}, ${CATEGORY[category]}${category === 'number' ? ': only its kind counts' : ''}.`,
    number: (name, text, dtype) => `${name} is ${text}, a plain Python number: only its kind counts (${KIND[kindOf(dtype)]}, which stands as ${dtype}).`,
    within: (category, names, dtypes, dtype, reason, common) => {
      const who = `${list(names)} (${names.length > 2 ? 'all' : 'both'} ${CATEGORIES[category]})`;
      const meet = common ? `the common dtype is ${dtype}` : `they meet at ${dtype}`;
      if (reason === 'same') return `${who} have the same dtype, ${dtype}: nothing to promote, ${meet}.`;
      if (reason === 'kind') return `${who} promote together: ${KIND[kindOf(dtype)]} outranks ${lowerKinds(dtypes, dtype)}, so ${meet}.`;
      const others = [...new Set(dtypes.filter((d) => d !== dtype))];
      return `${who} hold the same kind of number, and ${dtype} can hold every ${list(others)} value, so ${meet}.`;
    },
    common: (dtype) => `So the common dtype is ${dtype}.`,
    across: (decider, higher, lower, common) => {
      const parts: string[] = [];
      if (higher.length > 0)
        parts.push(`${groupText(decider)} ${verb(decider.names, 'brings', 'bring')} a higher kind of number (${KIND[kindOf(decider.dtype)]}) than ${list(higher.map(groupText))}: a lower category counts only when it does that, and then it decides.`);
      else parts.push(`${groupText(decider)} ${isAre(decider.names)} in the highest category (tensors with dims, then 0-dim tensors, then plain numbers).`);
      for (const g of lower)
        parts.push(`${groupText(g)} ${verb(g.names, 'brings', 'bring')} no higher kind of number than ${KIND[kindOf(decider.dtype)]}, so ${verb(g.names, 'it does', 'they do')} not count${kindOf(g.dtype) === kindOf(decider.dtype) && g.dtype !== decider.dtype ? `: being ${g.dtype} is not enough` : ''}.`);
      parts.push(`The common dtype is ${common}.`);
      return parts.join(' ');
    },
    rule: (op, rule, common, compute, result) => {
      switch (rule) {
        case 'promote-to-float':
          return kindOf(common) === 'float'
            ? `${op} computes in ${compute} and returns ${result}.`
            : `${op} always gives a float (7 / 2 is 3.5, not 3), so the common dtype ${common} goes to the default float: ${op} computes in ${compute} and returns ${result}.`;
        case 'bool':
          return `A comparison compares in the common dtype, ${compute}, and returns bool: True or False in each element.`;
        default:
          return `${op} computes in ${compute} and returns ${result}.`;
      }
    },
    casts: (names, compute) => (names.length === 0
      ? `No operand is converted: each is already ${compute}.`
      : `Before the loop, ${list(names)} ${isAre(names)} converted to ${compute}.`),
    inplace: (call, self, result, cast, comparison) => {
      if (comparison)
        return self === 'bool'
          ? `${call} writes its True and False into a, which is bool already.`
          : `${call} writes its True and False into a as 1 and 0, in a’s own dtype, ${self}: comparisons do not check the conversion.`;
      return cast
        ? `${call} writes into a, and a keeps its dtype: the ${result} result is converted into ${self}. PyTorch allows it: ${result} and ${self} are the same kind of number, and only a conversion to a lower kind is refused.`
        : `${call} writes into a, which keeps its dtype, ${self}: the result already is ${self}.`;
    },
    inplaceRefused: (call, self, result) =>
      `${call} would have to write its ${result} result into a, which keeps its dtype, ${self}. ${self === 'bool' ? 'Only True and False can go into a bool tensor' : 'A float cannot go into an integer tensor without losing its fraction'}, so PyTorch refuses before writing anything.`,
    refused: 'PyTorch refuses this call.',
    whyRefused: 'The shapes broadcast, so this refusal is about the operands’ dtypes or values, as PyTorch’s message says. The Alignment view shows, under its diagram, how PyTorch decided their dtypes.',
    token: (name, token, dtype) => `Values of ${name}: “${token}” is not a whole number, and ${name} is ${dtype}.`,
    gradSkipped: (without) =>
      `${withoutText(without)}: only floating-point tensors can require grad, so ${list(without.map((w) => w.name))} ${verb(without.map((w) => w.name), 'gets', 'get')} no gradient. The backward pass below is for the floating-point input only.`,
    gradCaption: 'No backward pass to step through: no input is a floating-point tensor, so nothing requires grad.',
    gradNone: (without, result) =>
      `${withoutText(without)}, and only floating-point tensors can require grad. So nothing records the op, and out${result === null ? '' : ` (${result})`} has no gradient to pass back.`,
  },
  layout: {
    tapHint: 'Tap an output cell to see which cell of each input it reads.',
    speed: 'Speed',
    speeds: { slow: 'slow', normal: 'normal', fast: 'fast' },
    exportAllSvg: 'All steps as SVG',
    exportAllPng: 'All steps as PNG',
    exporting: (done, total) => `Exporting: step ${done} of ${total}…`,
    exported: (name) => `Saved ${name}.`,
    exportFailed: (message) => `The export failed: ${message}`,
    copyLink: 'Copy link',
    copyEmbed: 'Copy embed code',
    copied: 'Copied.',
    copyFailed: 'Could not copy (the browser refused): select the text below and copy it.',
    tableCaption: (view, step) => `${view} diagram as a table, ${step.toLowerCase()}`,
    rule: 'rule',
    missing: 'missing (counts as 1)',
    notChecked: 'not checked yet',
    storage: 'storage (values)',
    incoming: 'incoming gradient',
    leading: 'leading dims summed',
    ones: 'size-1 dims summed',
    grad: '.grad',
    none: 'none',
    broadcast: 'broadcast shape',
    fitsRow: 'fits in a',
  },
  programGraph: {
    title: 'Graph of the program',
    desc: (tensors, calls) =>
      `${tensors} ${tensors === 1 ? 'tensor' : 'tensors'} drawn as boxes, and ${calls} ${calls === 1 ? 'call' : 'calls'} as arrows from the tensors read to the tensors made.`,
    line: (n) => `line ${n}`,
    input: 'input',
    storage: (n) => `storage ${n}`,
    unknownShape: 'shape not recorded',
    tensorId: (id) => `tensor #${id}`,
    nodeLabel: (name, shape, dtype, line, shared) =>
      `${name}: shape ${shape}, ${dtype}, made on line ${line}${shared.length > 0 ? `; shares its storage with ${list(shared)}` : ''}`,
    changed: (line) => `changed on line ${line}`,
    changedBy: (line, call, through) =>
      through === null ? `; changed in place on line ${line} (${call})` : `; changed on line ${line} through ${through}, which shares its storage (${call})`,
    callLabel: (op, line, inputs, outputs, view) =>
      `${op} on line ${line}: ${inputs.length > 0 ? list(inputs) : 'no tensor'} → ${list(outputs)}${view ? ' (a view: the same storage)' : ''}`,
    inplace: 'in place',
    legend: 'Boxes are tensors; arrows are the calls that made them, labelled with the op. A dashed arrow is a view: its result shares the input’s storage (the same storage number).',
    selectHint: 'Click a tensor or an op to open its line (keys: Tab to the graph, the arrows to move, Enter to open).',
    empty: 'No tensor has been made yet.',
    stopped: (line) => `Line ${line} raised an error (its message is above), so the graph stops before it.`,
    leftOut: (tensors, from, to) =>
      `${tensors} more ${tensors === 1 ? 'tensor' : 'tensors'}, from lines ${from}–${to}, ${tensors === 1 ? 'is' : 'are'} not drawn, to keep the graph readable.`,
    backward: {
      title: 'Backward pass',
      steps: 'Steps of the backward pass',
      start: (line, root, shape) =>
        `Line ${line}: ${root}.backward() starts the backward pass. The gradient of ${root} with respect to itself is 1, in its shape ${shape}; from there it flows back along the arrows.`,
      item: (op, name, from, to) => `${op} → ${name}: ${from} → ${to}`,
      arrives: (expr, op, name, grad, target) =>
        `The backward of ${expr} (${op}) hands ${name} a gradient of shape ${grad}; ${name} itself has shape ${target}.`,
      same: 'The shapes are the same: nothing to sum.',
      reducedTo: (call, name, shape) => `The core runs ${call}: the gradient now has ${name}’s shape ${shape}.`,
      isGrad: (name) => `${name} is a leaf: this gradient is stored as ${name}.grad.`,
      grads: (parts) => `The backward pass is done. Each leaf that requires grad holds its gradient: ${list(parts)}.`,
      noGrads: 'The backward pass is done; no named leaf holds a gradient.',
      sumTo: 'sum_to',
      valuesIn: (shape) => `The gradient as it arrives, ${shape}:`,
      valuesOut: (name, shape) => `What ${name} receives, ${shape}:`,
    },
  },
  code: {
    mode: 'Mode',
    modes: { shapes: 'Two shapes', code: 'Code' },
    intro: 'Type a few lines of PyTorch. The core runs them as you type and writes each line\'s shape and dtype beside it. Click a marked line to see its op step by step.',
    editor: 'PyTorch code',
    examples: 'Examples',
    examplePick: 'Open an example…',
    untitled: (id) => id,
    running: 'Running…',
    printed: 'Output of print()',
    errorAt: (line) => `Line ${line} raised:`,
    pickHint: 'Lines with a broadcasting op are marked: click one (or press Ctrl+Enter on it) to open it in the views below.',
    lineOp: (line, source) => `Line ${line}: ${source}`,
    operands: (pairs) => `In the views, ${list(pairs.map(([name, text]) => `${name} is ${text}`))}.`,
    runOf: (k, n) => `Run ${k} of ${n}: this line ran ${n} times, and the views and the graph show the program as it stood after run ${k}.`,
    previousRun: 'Previous run',
    nextRun: 'Next run',
    briefRun: (kept) => `Only the first ${kept} runs of a line are recorded with their ops: this one shows the values it bound, not its ops.`,
    noOp: (line) => `Line ${line} runs no op the views show. They show elementwise ops that broadcast: + - * / and the others, comparisons, where.`,
    noRunner: 'This build of the core cannot run programs (it has no tc.run).',
    programViews: 'The whole program',
    fixAt: (line) => `line ${line}:`,
    applyFix: (line, text) => `Apply: line ${line} becomes ${text}`,
    fixesChecked: 'Each fix is an edit of your program, offered only after the edited program ran this line without the error (or the outer product). Applying one changes the code above; Undo (or Ctrl+Z, ⌘Z on a Mac, in the editor) takes it back.',
    fixApplied: (line) => `Line ${line} is edited.`,
    undo: 'Undo',
    keepdimMeaning: 'keepdim=True keeps the reduced dim as a 1, so each result stays lined up with the values it came from.',
    transposeMeaning: 'Transposed, its last two dims swap places and the inner dims meet.',
    backwardLine: (line) => `Line ${line} runs the backward pass. Its steps are under the program’s graph below, each with the gradient values the program computed.`,
    warnOuter: (a, b, result, count) =>
      `Likely an outer product by mistake: these operands hold ${count} values each, but their shapes ${a} and ${b} broadcast to ${result}, so every value of one meets every value of the other. To pair them one to one, give them the same shape.`,
    warnReduceDim: (reduction, dims, input) =>
      `Likely the wrong dim: ${reduction} over dim ${dims.join(' and ')} of ${input} without keepdim=True drops that dim, and broadcasting lines the result up with the dims on the right, not with the ones it came from. It runs only because the sizes are equal. Use keepdim=True.`,
    warnSharedWrite: (written, others) =>
      `This in-place op writes into ${written}, which shares its storage with ${list(others)}: ${list(others)} ${others.length === 1 ? 'changes' : 'change'} too. Use ${written}.clone() first to change ${written} alone.`,
    warnIntDivision: (dtype) =>
      `// on integers rounds down to an integer (${dtype}): the fraction is dropped. For a mean or a ratio, use / (true division), which gives a float.`,
    fixesOpen: 'Each fix opens in the two-shape mode, with the shapes it changes.',
    runningFor: (seconds) => `Running: ${seconds} s. You can go on typing.`,
    stop: 'Stop',
    stoppedAfter: (seconds) => `Stopped after ${seconds} s. What is below is from the last run that finished.`,
    runAgain: 'Run again',
    standIn: 'Faded: from the last run that could read the code.',
  },
  // The exercise part: "Make an exercise" and the exercise a link opens.
  exercise: {
    make: 'Make an exercise',
    makeShort: 'Exercise',
    heading: 'Make an exercise',
    intro: 'Choose what the student may edit and the goal to meet. The link and the embed code open this page as an exercise: the rest is locked, and a tick shows when the goal is met.',
    close: 'Close',
    linesLabel: 'Lines the student may edit',
    linesHint: 'Line numbers and ranges, as 3-5,8. Leave it empty to let every line be edited.',
    linesBad: 'Write line numbers from 1, in increasing order, as 3-5,8.',
    partsLabel: 'What the student may change',
    parts: { a: 'the shape of a', b: 'the shape of b', c: 'the shape of c', op: 'the op', da: 'a’s dtype', db: 'b’s dtype' },
    goalLabel: 'Goal',
    kind: (mode, kind) => (mode === 'code'
      ? { runs: 'Every line runs', shape: 'A name has a shape', grad: 'A .grad has a shape', predict: 'Predict every line' }
      : { runs: 'The op runs', shape: 'The result has a shape', grad: 'An operand’s .grad has a shape', predict: 'Predict every step' })[kind],
    nameLabel: 'Name',
    shapeLabel: 'Shape',
    nameBad: (mode) => (mode === 'code' ? 'Write a Python name, as d or w.' : 'Write a or b.'),
    shapeBad: 'Write sizes separated by commas, as 2, 3 (empty for a 0-dim tensor).',
    alreadyMet: 'As it is now, this page meets the goal already. Change it before you share the link, so that the student has something to do.',
    linkLabel: 'Link',
    embedLabel: 'Embed code',
    title: 'Exercise',
    goal: (mode, goal, shape) => {
      switch (goal.kind) {
        case 'runs':
          return mode === 'code' ? 'Make every line of the program run without an error.' : 'Make the op run without an error.';
        case 'shape':
          return mode === 'code' ? `Make ${goal.name} a tensor of shape ${shape} at the end of the program.` : `Make the result’s shape ${shape}.`;
        case 'grad':
          return mode === 'code' ? `Make ${goal.name}.grad a tensor of shape ${shape} after backward().` : `Make ${goal.name}.grad’s shape ${shape}.`;
        case 'predict':
          return mode === 'code' ? 'Predict the shape of every line before it is shown, and get every one right.' : 'Predict every step before it is shown, and get every answer right.';
      }
    },
    editLines: (lines, count) => `You may edit ${count === 1 ? 'line' : 'lines'} ${lines}; the other lines are locked.`,
    editAll: 'You may edit every line.',
    editParts: (parts) => `You may change ${list(parts)}; the rest is locked.`,
    editNothing: 'The inputs are locked.',
    met: 'Goal met',
    notYet: 'Not yet.',
    why: (mode, goal, check, shape) => {
      if (check.met) return '';
      const subject = goal.kind === 'grad' ? `${goal.name}.grad` : mode === 'shapes' ? 'The result' : goal.kind === 'shape' ? goal.name : '';
      switch (check.why) {
        case 'predict':
          return '';
        case 'error':
          return `Line ${check.line} raises an error.`;
        case 'inputs':
          return 'An operand cannot be read.';
        case 'op-error':
          return 'The op raises an error.';
        case 'unbound':
          return `The program does not bind ${check.name}.`;
        case 'not-tensor':
          return `${check.name} is not a tensor.`;
        case 'no-grad':
          return mode === 'code' ? `No backward() fills ${check.name}.grad.` : `${check.name} gets no gradient: its dtype cannot require grad.`;
        case 'shape':
          return `${subject} has shape ${shape}.`;
      }
    },
    score: (right, answered, asked) => `${answered} of ${asked} answered, ${right} right.`,
  },
  // The puzzle view's way in.
  puzzles: {
    open: 'Practise with puzzles →',
  },
  link: {
    fromLink: 'Part of this link could not be used:',
    fromPage: 'Part of what this page gives the playground could not be used:',
    value: (given, instead) =>
      instead === null ? `“${given}” cannot be used here, so the playground ignores it.` : `“${given}” cannot be used here, so the playground shows ${instead} instead.`,
    cut: (key, length, kept) => `${key} is ${length} characters long: the playground reads only the first ${kept}.`,
    codeProblem: (problem, max) => {
      switch (problem) {
        case 'characters':
          return 'The program in this link has characters that a link’s program never has: the link was probably changed after it was copied.';
        case 'damaged':
          return 'The program in this link is incomplete or damaged: perhaps only part of the link was copied.';
        case 'not-text':
          return 'The program in this link does not unpack to text: the link was probably changed after it was copied.';
        case 'too-long':
          return `The program in this link is longer than ${max} characters, the most a link can carry.`;
      }
    },
    preset: (text) => `This link asks for an example called “${text}”, and the playground has none by that name.`,
    emptyEditor: 'The editor is left empty: ask for the link again, or open an example.',
    dismiss: 'Dismiss',
  },
  // ---- The printable worksheet (web/worksheet.html; sheet part).
  worksheet: {
    title: { puzzles: 'Tensor puzzles', drills: 'Shape drills' },
    sets: { puzzles: 'Puzzles', drills: 'Drills' },
    instructions: {
      puzzles: 'Write the body of each function in its box, using only what the puzzle allows and no loop. Then type it in at the item’s link: the playground runs it on 20 draws and says what, if anything, is wrong.',
      drills: 'Before you run a line, write the shape and the dtype of each tensor it gives in the boxes beside it, or “error” if the line raises one. Then check your answers at the item’s link.',
    },
    name: 'Name',
    date: 'Date',
    pageOf: (k, n) => `Page ${k} of ${n}`,
    allowed: 'You may use:',
    maxLines: (n) => (n === 1 ? 'One line at most.' : `At most ${n} lines.`),
    difficulty: (n) => `Difficulty ${n} of 5`,
    checkAt: 'Check it at',
    shape: 'shape',
    dtype: 'dtype',
    key: 'Answer key',
    keyNote: {
      puzzles: 'One solution for each puzzle. Any body that gives the same results on the checker’s draws, with only what the puzzle allows, is right too.',
      drills: 'Each line’s shapes and dtypes as tensorcast computes them by running the program.',
    },
    raises: (pythonType) => `error (${pythonType})`,
    keyWorking: 'Working out the answer key…',
    keyFailed: (reason) => `The answer key could not be worked out: ${reason}`,
    noKey: 'This copy of the playground was built without solutions, so the worksheet has no answer key.',
    set: 'Set',
    language: 'Language',
    withKey: 'Answer key',
    print: 'Print',
    unknown: (ids) => `This set has nothing called ${ids.map((id) => `“${id}”`).join(', ')}; the worksheet leaves ${ids.length === 1 ? 'it' : 'them'} out.`,
    ignored: (parts) => `The link’s ${parts.map((p) => `“${p}”`).join(', ')} cannot be used here and ${parts.length === 1 ? 'is' : 'are'} ignored.`,
    empty: 'There is nothing to print: the link names no item of this set.',
  },
  // The code mode's predict switch and its drills (the predict part).
  codePredict: {
    heading: 'Predict each line',
    ask: (line, source, subject) => (subject === null ? `Line ${line}: ${source}. What does this line give?` : `Line ${line}: ${source}. What are ${subject}’s shape and dtype?`),
    askSummed: (name, from) => `The gradient reaches ${name} with shape ${from}. Which of its dims are summed into ${name}.grad, and what shape is left?`,
    shapeLabel: (subject) => (subject === null ? 'Shape' : `${subject}: shape`),
    dtypeLabel: (subject) => `${subject}: dtype`,
    dimsLabel: (name) => `Dims summed into ${name}.grad`,
    raises: 'This line raises an error',
    dtypeUnreadable: (text) => `“${text}” is not a dtype. Type float32, float64, int64, int32, uint8 or bool (torch.float, long and the other names PyTorch reads are fine too).`,
    dimsUnreadable: (text) => `“${text}” is not a list of dims. Type them as 0 or 0, 2 (counted in the gradient’s shape, from 0), or none.`,
    saidDims: (dims) => (dims.length === 0 ? 'no dim summed' : `${dimWords(dims)} summed`),
    answerIs: (subject, shape, dtype) => `${subject} is ${shape}, ${dtype}.`,
    summedIs: (name, dims, from, shape) =>
      dims.length === 0 ? `Nothing is summed: ${name}.grad is ${shape}.` : `${dimWords(dims)} of ${from} ${dims.length === 1 ? 'is' : 'are'} summed into ${name}.grad, which is ${shape}.`,
    raisesIs: (message) => `This line raises an error: ${message}`,
    runsFine: 'This line runs without an error.',
    why: (line) => `Why: line ${line} in the views`,
    hidden: 'The lines below, print()’s output and the program’s graph stay hidden until you answer.',
    viewsHidden: 'A line’s views open once you have answered its question.',
    score: (right, asked) => `Score: ${right} of ${asked} right.`,
    allRight: 'Every prediction right.',
    progress: (answered, asked) => `${answered} of ${asked} answered.`,
    again: 'Start over',
    nothing: 'This program makes no tensor: there is nothing to predict.',
    drill: 'Drill',
    hintOf: (n, count) => `Hint ${n} of ${count}:`,
    showHint: 'Show a hint',
    drillPassed: 'Drill passed: every line right. Your progress is saved in this browser.',
    drillFailed: 'Drill finished, not all right: Start over to try again. Your progress is saved in this browser.',
    noDrill: (id) => `There is no drill called “${id}”.`,
    allPuzzles: 'All puzzles and drills',
  },
  // ---- The site's API page (web/api.html; offline part).
  apiPage: {
    title: 'tensorcast in JavaScript: the examples',
    intro: 'The examples of the npm package’s README, run in this page by the package itself. Each line’s value appears under it; a line that raises shows its error.',
    nav: 'Pages',
    playground: 'Playground',
    codeMode: 'Code',
    worksheet: 'Worksheet',
    language: 'Language',
    run: 'Run',
    runAll: 'Run all',
    running: 'Running…',
    throws: 'error',
    nothingShown: 'It ran; no line gives a value to show.',
    loadFailed: (reason) => `The core could not be loaded: ${reason}`,
  },

  // ---- The iframe page (web/public/embed.html; embed part).
  frame: {
    copyIframe: 'Copy iframe',
    copy: 'Copy',
    link: 'Link',
    embed: 'Embed code',
    iframe: 'iframe',
    iframeTitle: 'tensorcast: PyTorch broadcasting, step by step',
  },
};
