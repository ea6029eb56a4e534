// Every text the playground shows, per language. PyTorch's messages are not
// here: they are shown verbatim (in English) with one of these explanations.
import type { DimRule, DType, InnerPattern } from 'tensorcast';
import type { CodeProblem } from '../model/code-link.js';
import type { Goal, ShapePart, ShapesCheck } from '../model/exercise.js';
import type { Category, CategoryGroup, DTypeRule, WithinReason } from '../model/promotion.js';
import type { Verdict } from '../model/predict.js';
import type { Fill, Lang, Loss, Mode, OperandName, OpGroup, Theme, View } from '../model/state.js';

/** Words the step texts combine: sizes of several operands at one dim, etc. */
export interface SizeAt {
  name: string;
  /** null: the operand has no such dim. */
  size: number | null;
}

export interface Messages {
  lang: Lang;
  /** "a, b and c" in this language. */
  list(items: string[]): string;
  /** Whole sentences one after another (a space between them in English, none after Chinese punctuation). */
  sentences(parts: string[]): string;
  /** "label: text", with the colon of this language ("label: " when text is empty, to put before markup). */
  labelled(label: string, text: string): string;
  /** The name of this language, in it, for the switch. */
  languageName: string;
  title: string;
  intro: string;
  ui: {
    inputs: string;
    preset: string;
    presetPick: string;
    shapeOf(name: OperandName): string;
    shapeHint: string;
    op: string;
    opGroups: Record<OpGroup, string>;
    alpha: string;
    valuesOf(name: OperandName): string;
    fill: Record<Fill, string>;
    fillBool: Record<Fill, string>;
    customHint: string;
    seed: string;
    loss: string;
    losses: Record<Loss, string>;
    readAs(shape: string): string;
    views: Record<View, string>;
    viewTabs: string;
    player: string;
    reset: string;
    prev: string;
    play: string;
    /** Play is off because the system asks for reduced motion. */
    playStill: string;
    pause: string;
    next: string;
    stepOf(k: number, n: number): string;
    exportSvg: string;
    exportPng: string;
    switchLanguage: string;
    theme: string;
    themes: Record<Theme, string>;
    keys: string;
    result: string;
    errorLabel: string;
    why: string;
    fixes: string;
    fixesOuter: string;
    fixResult(shape: string): string;
    apply(code: string): string;
    diagram(view: string): string;
    loading: string;
    /** The caption when the inputs themselves are the problem. */
    blocked: string;
    /** Why the export buttons are disabled: no step they would save has a diagram (why: the step's caption). */
    nothingToExport(why: string): string;
    loadFailed: string;
    /** The compact embed's one line: its name for screen readers. */
    summary: string;
    /** The compact embed's link to the full playground, and what a screen reader hears after it. */
    openFull: string;
    newTab: string;
  };
  problems: {
    shape(name: OperandName): string;
    shapeHelp: string;
    token(name: OperandName, token: string, bool: boolean): string;
    values(name: OperandName): string;
    tooBig(name: OperandName, numel: string, limit: string): string;
    /** A program's operand whose values the program did not hand back (too large: Note [Call values]). */
    notKept(name: OperandName, numel: string): string;
    alpha(text: string): string;
    resultTooBig(numel: string, bytes: string, limit: string): string;
  };
  explain: {
    /** trailing: 1 for the last dim (counted from the right, from 1). */
    mismatch(dim: number, trailing: number, sizes: SizeAt[]): string;
    zeroSize: string;
    inplace(self: string, broadcast: string): string;
    oldMessageSummary: string;
    oldMessage: string;
    generic: string;
    noFix(dim: number, sizes: SizeAt[]): string;
  };
  notes: {
    /** stretched: one `along` per stretched input; inputs: each input's element count, formatted. */
    outerProduct(stretched: string[], numel: string, inputs: { name: string; count: string }[]): string;
    rankPromotion(names: string[]): string;
    backcompat(oldShape: string, newShape: string): string;
    backcompatLabel: string;
    along(name: string, dims: number[]): string;
  };
  align: {
    dim(d: number): string;
    trailing(t: number): string;
    resultRow: string;
    /** Per broadcast rule of a dim (DimRule), and for a dim not checked yet. */
    verdict: Record<DimRule | 'unchecked', string>;
    typed: string;
    pad(padded: string[], ndim: number): string;
    noPad(ndim: number): string;
    /** d: the dim, from 0 on the left; t: the same dim counted from the right, from 1. */
    equal(d: number, t: number, size: number, names: string[]): string;
    /** ones: the operands whose size is 1; lacking: those without the dim (both are stretched). */
    one(d: number, t: number, ones: string[], lacking: string[], size: number): string;
    missing(d: number, t: number, lacking: string[], size: number): string;
    mismatch(d: number, t: number, sizes: SizeAt[]): string;
    ok(size: string): string;
    fail(d: number): string;
  };
  strides: {
    storage(name: string): string;
    cells(n: number): string;
    expanded(name: string, shape: string): string;
    output(shape: string): string;
    table: { operand: string; shape: string; strides: string; expanded: string; offset: string };
    zeroMark: string;
    /** items: "a (4, 1)", one per input. */
    stepStorage(items: string[]): string;
    /** items: "a (4, 1) → (0, 4, 1)", one per input. */
    stepExpand(items: string[]): string;
    /** order: the dims, innermost loop first, as the plan has it; natural: the order without sorting (null when they are the same). */
    stepReorder(order: number[], natural: number[] | null): string;
    /** groups: "[0, 1] → 6", one per loop; merged: whether any loops merged. */
    stepCoalesce(groups: string[], loops: string, merged: boolean): string;
    /** rows: output rows per pass (2: a broadcast row read once for both). */
    stepKernel(pattern: string, rows: number): string;
    /** One caption per inner pattern the core can report (the compiler checks every one has one). */
    patterns: Record<InnerPattern, string>;
    loops: string;
    loopComment(dims: number[], strides: string): string;
    kernelLine(kernel: string): string;
    hoverHint: string;
    gridLabel: string;
    reads(out: string, value: string, parts: string[]): string;
    /** cell: the index (from 0) of the storage cell read. */
    readsPart(name: string, cell: number, value: string, shared: number): string;
    noPlan: string;
    noExpand: string;
  };
  /** The calls of a program's line the elementwise views do not draw (model/call-explain.ts). */
  calls: {
    /** Above the buttons of a line's calls. */
    pick: string;
    /** matmul: the batch dims (none: one product), the contracted dims, a 1-D operand's 1s, the result. */
    matmulBatch(a: string, b: string, result: string | null): string;
    matmulInner(aDim: number, bDim: number, k: number): string;
    matmulPromoted(which: 'a' | 'b'): string;
    matmulResult(m: number, k: number, n: number, out: string): string;
    /** a @ b refused: the sizes that must meet. */
    matmulFailed(a: string, b: string, k: number, bInner: number): string;
    /** The hint: write b (or a) transposed; edited: the statement as it would run. */
    matmulHint(call: string, shape: string): string;
    reduction(op: string, input: string, dims: number[], keepdim: boolean, out: string): string;
    /** Without keepdim: the reduced dims are gone; kept: the shape keepdim=True gives. */
    reductionKeep(kept: string): string;
    indexStep(text: string, shape: string): string;
    indexView: string;
    indexCopy: string;
    cat(count: number, dim: number | null, sizes: number[], out: string): string;
    stack(count: number, shape: string, dim: number | null, out: string): string;
  };
  grad: {
    dOut: string;
    incoming(name: string): string;
    afterLeading(name: string, shape: string): string;
    afterOnes(name: string, shape: string): string;
    final(name: string, shape: string): string;
    /** The one stage of an input that needs no reduction. */
    unreduced(name: string, shape: string): string;
    stepForward(expr: string, shape: string, loss: string): string;
    stepIncoming(shape: string): string;
    stepLeading(parts: string[]): string;
    stepOnes(parts: string[]): string;
    stepView(parts: string[]): string;
    /** dims: the dims summed, as the trace lists them. */
    leadingPart(name: string, dims: number[]): string;
    onesPart(name: string, dims: number[]): string;
    nothing(name: string): string;
    viewPart(name: string, from: string, to: string): string;
    noViewPart(name: string, shape: string): string;
    unreducedPart(name: string): string;
    /** The note under the diagram; the core's call for each input follows it. */
    oneSum: string;
    coreCall: string;
    lossWeighted: string;
    lossSum: string;
    noGrad: string;
    inplaceLeaf: string;
    /** A program's line: the gradients came from the backward() on `line` (its text). */
    programForward(expr: string, shape: string, line: number, source: string): string;
    /** Beside d loss / d out in the diagram: where it came from. */
    fromLine(line: number): string;
    programStepView(parts: string[]): string;
    /** The last stage of a program's input: what it received from this op. */
    received(name: string, shape: string): string;
    /** Operands of a program's line that are floating-point but do not require grad. */
    notRequired(names: string[]): string;
    /** No backward pass ran through a program's line: none after it (lines empty), or those on lines did not reach it. */
    noBackward(lines: number[]): string;
    /** Nothing on a program's line requires grad: autograd did not record it. */
    notRecorded: string;
    noBackwardCaption: string;
  };
  inplace: {
    rule(call: string): string;
    stepShapes(call: string, self: string): string;
    stepBroadcast(x: string, y: string, result: string): string;
    stepBroadcastFail: string;
    stepCompareOk(result: string): string;
    stepCompareFail(result: string, self: string, dims: number[]): string;
    stepOk(call: string, shape: string): string;
    stepFail(call: string): string;
    selfRow: string;
    unchanged: string;
    changed: string;
    fits: string;
    differs: string;
  };
  grid: { empty(shape: string): string; tooManyDims(ndim: number): string; scalar: string };
  /** The paste box for a PyTorch error, and the note after a fix is applied. */
  traceback: {
    summary: string;
    label: string;
    placeholder: string;
    /** Nothing in the paste that the page knows. */
    none: string;
    /** What the message says; dims count from the left of the result, from 0. */
    readSize(dim: number, a: number, b: number): string;
    readInplace(self: string, broadcast: string): string;
    readExpand(dim: number, target: number, existing: number): string;
    readExpandShapes(target: string, tensor: string): string;
    /** What is missing, and what was put there. */
    guessSize(dim: number): string;
    guessInplace: string;
    guessExpand(dim: number): string;
    exact: string;
    shownAs(call: string): string;
    guess: string;
    fromMessage: string;
    shapeLabel(name: string): string;
    shapeHint: string;
    shapeProblem(at: number): string;
    askNames: string;
    nameLabel(name: string): string;
    apply: string;
    same: string;
    different: string;
    noError: string;
    /** The expand the core made for an expand message, before its text. */
    expandSays(call: string): string;
    /** The matrix product, read from the message and explained. */
    matmul(left: string, right: string, l: string, r: string, inner: [number, number]): string;
    matmulRule(left: string, right: string): string;
    matmulLinear(features: number, expected: number): string;
    /** Where the playground runs the product: the code mode. */
    matmulInCode: string;
    applied: string;
    copy: string;
    copied: string;
    copyFailed: string;
    undo: string;
  };
  /** Predict mode (model/predict.ts): the switch, the questions, the learner's answer and the reveal. */
  predict: {
    toggle: string;
    toggleHint: string;
    /** In place of the result under the inputs, until it is predicted. */
    hiddenResult: string;
    askResult(call: string): string;
    askDim(d: number, t: number, sizes: SizeAt[]): string;
    askGrad(name: string): string;
    shapeLabel: string;
    gradLabel(name: string): string;
    check: string;
    raisesError: string;
    verdicts: Record<Verdict, string>;
    verdictsLabel: string;
    unreadable(text: string): string;
    right: string;
    wrong: string;
    youSaid(guess: string): string;
    resultIs(shape: string): string;
    resultFails: string;
    dimIs(d: number, verdict: string): string;
    gradIs(name: string, shape: string): string;
    /** Next is held until the question is answered. */
    answerFirst: string;
  };
  /** What each fix changes in meaning, the keepdim hint, and what is shown of tensors too big to make. */
  fixes: {
    meaning: {
      reorders(name: string): string;
      pairs(whole: string, part: string, axis: 'row' | 'column'): string;
      reuses(parts: { name: string; dims: number[] }[]): string;
      oneToOne: string;
      /** larger: the result has the shape of no input. */
      outOfPlace(larger: boolean): string;
    };
    keepdim(reduced: string, from: string, dim: number, shape: string): string;
    large: {
      /** Beside a storage too big to make. */
      notDrawn(limit: string): string;
      /** Where the strides view would draw the expanded grids. */
      gridsNotDrawn(limit: string): string;
      /** The strides view's caption when even the stand-in run is too big. */
      noPlan(limit: string): string;
      /** In place of a gradient's grid. */
      stage(numel: string): string;
      /** In place of a .grad's values. */
      gradValues: string;
      /** A view with nothing to step through when the op is too big to run (an in-place op's gradient or check). */
      noSteps: string;
      /** The gradient's last step, without values (grad.stepView's counterpart). */
      stepView(parts: string[]): string;
    };
  };
  /** View chains typed after an operand's shape (model/view-chain.ts, view-apply.ts). */
  chain: {
    label(name: OperandName): string;
    placeholder: string;
    /** Under the field: the shape the op sees. */
    sees(shape: string): string;
    /** pos: 1-based character position. found: '' at the end of the text. */
    unexpected(pos: number, found: string): string;
    unknown(name: string): string;
    /** expected: '0', '1', '2', '3', '0-1' (none or one) or 'n' (any number). */
    arity(name: string, expected: string, got: number): string;
    unclosed(bracket: string, pos: number): string;
    number(text: string): string;
    tooLong(limit: number): string;
    textTooLong(limit: number): string;
    tooDeep(limit: number): string;
    /** PyTorch's own text for an index it refuses (a float, a string). */
    pytorch(message: string): string;
    /** Leads before the reason. */
    unreadable(name: OperandName): string;
    failed(call: string): string;
    /** An index item that makes a copy (advanced indexing): item is "[0, 1]", "True". */
    copy(call: string, item: string): string;
    /** The storage heading's note: view is e.g. "a.T", base its base shape, offset its storage offset. */
    viewOf(view: string, base: string, offset: number): string;
    /** The storage step's note for each view: what the op sees, what it reads. */
    viewNote(view: string, shape: string, base: string, offset: number): string;
    /** Next to the hovered output cell: out is "out[1, 0]", expr "1 + 1·3 + 0·1 = 4". */
    formula(out: string, name: string, expr: string): string;
    kernelDetail(kernel: string): string;
  };
  /** The looks of a dim's roles in the column diagrams (diagram/role-looks.ts). */
  roles: { equal: string; kept: string; stretched: string; missing: string; conflict: string; now: string };
  /** The in-place view: which in-place form an op has, and what a comparison writes. */
  inplaceForms: {
    noForm(op: string, used: string): string;
    compareDtype(call: string, dtype: string): string;
  };
  /** The gradient view when out is bool (a comparison, or where of two bool tensors). */
  boolGrad: {
    caption: string;
    result(expr: string): string;
    comparison: string;
    where: string;
  };
  /** dtypes: each operand's, and PyTorch's type promotion as the op's trace records it (model/promotion.ts). */
  promotion: {
    heading: string;
    /** The dtype menu's label. */
    dtypeOf(name: OperandName): string;
    operand(name: string, dtype: DType, category: Category): string;
    /** A Python number (a program's `x * 2.5`): its text, and the dtype its category stands as (float32 for a float). */
    number(name: string, text: string, dtype: DType): string;
    /** common: theirs is the only category, so dtype is the common dtype. */
    within(category: Category, names: string[], dtypes: DType[], dtype: DType, reason: WithinReason, common: boolean): string;
    common(dtype: DType): string;
    across(decider: CategoryGroup, higher: CategoryGroup[], lower: CategoryGroup[], common: DType): string;
    rule(op: string, rule: DTypeRule, common: DType, compute: DType, result: DType): string;
    casts(names: string[], compute: DType): string;
    /** call: a.add_(b). */
    inplace(call: string, self: DType, result: DType, cast: boolean, comparison: boolean): string;
    /** Followed by PyTorch's message. */
    inplaceRefused(call: string, self: DType, result: DType): string;
    refused: string;
    /** The verdict's why for such a refusal (bool - bool, an integer alpha ...). */
    whyRefused: string;
    /** A typed value an integer operand cannot hold as typed. */
    token(name: OperandName, token: string, dtype: DType): string;
    /** The gradient view: operands that get no gradient, the others' backward shown. */
    gradSkipped(without: { name: string; dtype: DType }[]): string;
    gradCaption: string;
    /** No operand is floating-point: result null when it is not known (too big to run). */
    gradNone(without: { name: string; dtype: DType }[], result: DType | null): string;
  };
  /** Phones, laptops, lectures and screen readers: the player's speed, exports, sharing, the diagrams as tables. */
  layout: {
    tapHint: string;
    speed: string;
    speeds: { slow: string; normal: string; fast: string };
    exportAllSvg: string;
    exportAllPng: string;
    exporting(done: number, total: number): string;
    exported(name: string): string;
    exportFailed(message: string): string;
    copyLink: string;
    copyEmbed: string;
    copied: string;
    copyFailed: string;
    /** The visually hidden table that says what a view's diagram shows. */
    tableCaption(view: string, step: string): string;
    rule: string;
    missing: string;
    notChecked: string;
    storage: string;
    incoming: string;
    leading: string;
    ones: string;
    grad: string;
    none: string;
    broadcast: string;
    fitsRow: string;
  };
  /** The code mode's graph of a whole program and its backward pass (web/src/views/program-graph.ts, program-backward.ts). */
  programGraph: {
    title: string;
    /** What the drawing shows, for screen readers. */
    desc(tensors: number, calls: number): string;
    /** A 1-based line of the program. */
    line(n: number): string;
    /** In place of the line: a tensor the program was given before its first line (a puzzle's input). */
    input: string;
    /** A storage group, numbered from 1. */
    storage(n: number): string;
    /** A tensor that the trace does not describe: its shape is not known. */
    unknownShape: string;
    /** A tensor no name holds and no source text names. */
    tensorId(id: number): string;
    /** A node, for a screen reader: its name or expression, shape, dtype, line; shared: the names it shares storage with. */
    nodeLabel(name: string, shape: string, dtype: string, line: number, shared: string[]): string;
    /** On a tensor's box: an in-place call changed its values on this line (Note [Graph nodes]). */
    changed(line: number): string;
    /** The same, added to the box's label for a screen reader: the call as written, and the tensor it wrote through when another (a view of the same storage). */
    changedBy(line: number, call: string, through: string | null): string;
    /** A call, for a screen reader: the op, its line, what went in and what came out. */
    callLabel(op: string, line: number, inputs: string[], outputs: string[], view: boolean): string;
    inplace: string;
    legend: string;
    selectHint: string;
    empty: string;
    /** The program stopped at a line: the graph ends before it (the code mode shows PyTorch's message). */
    stopped(line: number): string;
    leftOut(tensors: number, from: number, to: number): string;
    backward: {
      title: string;
      steps: string;
      /** backward() called on root (its shape), at a line. */
      start(line: number, root: string, shape: string): string;
      /** A list item: the op whose backward ran (the trace's op: 'mul'), the tensor it sends a gradient to, the shapes. */
      item(op: string, name: string, from: string, to: string): string;
      /** The backward of expr (the call as written; op: the trace's op) hands name a gradient of shape grad; name's own shape is target. */
      arrives(expr: string, op: string, name: string, grad: string, target: string): string;
      same: string;
      /** After the reduction: the core's call, and the gradient has name's shape. */
      reducedTo(call: string, name: string, shape: string): string;
      /** The gradient reached a leaf: it is stored as its .grad. */
      isGrad(name: string): string;
      grads(parts: string[]): string;
      noGrads: string;
      /** Where the sum_to happens, drawn on the edge. */
      sumTo: string;
      /** The step's numbers (Note [Call gradients]): the gradient as it arrives, in the op's result shape. */
      valuesIn(shape: string): string;
      /** What the input received, in its own shape. */
      valuesOut(name: string, shape: string): string;
    };
  },
  /** The code mode: a program in the editor, each line's shapes beside it. */
  code: {
    /** The switch between the two modes, and each mode's name on it. */
    mode: string;
    modes: { shapes: string; code: string };
    intro: string;
    /** The editor's accessible name. */
    editor: string;
    examples: string;
    examplePick: string;
    /** A preset file's title when it has none. */
    untitled(id: string): string;
    running: string;
    printed: string;
    /** Above PyTorch's message of the line that raised (1-based). */
    errorAt(line: number): string;
    /** How to open a line in the views. */
    pickHint: string;
    /** The views show the picked line's op: "Line 3: d = x[:, :, None] - y". */
    lineOp(line: number, source: string): string;
    /** What the views' operands are in the program: [["a", "x[:, :, None]"], ["b", "y"]]. */
    operands(pairs: [string, string][]): string;
    /** The picked line runs no op the views draw. */
    noOp(line: number): string;
    /** The picked line ran n times (a loop's body); the views show its k-th run (1-based). */
    runOf(k: number, n: number): string;
    /** The stepper's buttons' names. */
    previousRun: string;
    nextRun: string;
    /** The shown run is past the runs kept in full (the first `kept`): its ops are not in the views. */
    briefRun(kept: number): string;
    /** The loaded core cannot run programs. */
    noRunner: string;
    /** The whole program's views (graph, backward). */
    programViews: string;
    /** Before a fix's edited line: "line 8:" (Note [Program fixes]). */
    fixAt(line: number): string;
    /** A fix's button, for a screen reader: apply the edit that makes line `line` read `text`. */
    applyFix(line: number, text: string): string;
    /** Under the fixes: each was checked by running the edited program; the editor's undo takes one back. */
    fixesChecked: string;
    /** After a fix was applied to a line, with an Undo button (undo). */
    fixApplied(line: number): string;
    undo: string;
    /** What keepdim=True changes. */
    keepdimMeaning: string;
    /** What transposing an operand of a refused matrix product changes. */
    transposeMeaning: string;
    /** The picked line runs a backward pass: its steps, with their values, are under the graph. */
    backwardLine(line: number): string;
    /** Why a line that ran is likely wrong (Note [Likely wrong lines]); shapes formatted. */
    warnOuter(a: string, b: string, result: string, count: number): string;
    warnReduceDim(reduction: string, dims: number[], input: string): string;
    warnSharedWrite(written: string, others: string[]): string;
    warnIntDivision(dtype: string): string;
    /** The fixes of a broadcast error change the shapes in the two-shape mode. */
    fixesOpen: string;
    /** A run going on past a moment; seconds: how long it has run, one decimal ("3.4"). */
    runningFor(seconds: string): string;
    /** The button that ends a run. */
    stop: string;
    /** After Stop: how long the run had run; what is shown is the last finished run's. */
    stoppedAfter(seconds: string): string;
    /** Runs the code again after Stop. */
    runAgain: string;
    /** Beside print()'s output and the graph while they stand in from the last run that could read the code (a line half typed). */
    standIn: string;
  };
  /** What a link or the embedding page asked for that could not be shown as asked (model/link-problems.ts, views/link-notice.ts). */
  /** The exercise part: "Make an exercise" (the teacher's form) and the exercise a link opens (model/exercise.ts). */
  exercise: {
    /** The button in the page's tools that opens the form: its accessible name and, shorter, its text (a part of the name, so that the laptop's header stays one line). */
    make: string;
    makeShort: string;
    /** The form's heading and what it does. */
    heading: string;
    intro: string;
    close: string;
    /** The code mode: which lines the student may edit (as 3-5,8). */
    linesLabel: string;
    linesHint: string;
    linesBad: string;
    /** The two-shape mode: what the student may change. */
    partsLabel: string;
    parts: Record<ShapePart, string>;
    goalLabel: string;
    /** A goal in the form's menu, per mode. */
    kind(mode: Mode, kind: Goal['kind']): string;
    nameLabel: string;
    shapeLabel: string;
    /** The name or the shape typed cannot make a goal. */
    nameBad(mode: Mode): string;
    shapeBad: string;
    /** The page as it is meets the goal already: the student would have nothing to do. */
    alreadyMet: string;
    linkLabel: string;
    embedLabel: string;
    /** The student's page: the heading over the goal. */
    title: string;
    /** The goal in words; shape: formatted, as (2, 3). */
    goal(mode: Mode, goal: Goal, shape: string): string;
    /** lines: the ranges in words (3–5, 8); count: how many lines they hold. */
    editLines(lines: string, count: number): string;
    editAll: string;
    editParts(parts: string[]): string;
    editNothing: string;
    met: string;
    notYet: string;
    /** Why the goal is not met yet; shape: the shape found, formatted. */
    why(mode: Mode, goal: Goal, check: ShapesCheck, shape: string): string;
    /** The predict goal's progress. */
    score(right: number, answered: number, asked: number): string;
  };
  // The puzzle view's way in (its own texts are in puzzle-texts.ts, loaded with it).
  puzzles: {
    /** The header's link to the list of puzzles and drills. */
    open: string;
  };
  link: {
    /** The notice's first line, for the hash's problems and for the element's attributes. */
    fromLink: string;
    fromPage: string;
    /** given: 'op=frobnicate' (a link) or 'op="frobnicate"' (an attribute); instead: the same for the value used, null: ignored. */
    value(given: string, instead: string | null): string;
    /** A text longer than the playground reads: length and kept, formatted counts. */
    cut(key: string, length: string, kept: string): string;
    /** The link's program could not be read; max: the longest program a link can carry, formatted. */
    codeProblem(problem: CodeProblem, max: string): string;
    /** The link names an example the playground does not have. */
    preset(text: string): string;
    /** After a program or an example that could not be opened: what the page shows instead. */
    emptyEditor: string;
    dismiss: string;
  };
  // ---- The printable worksheet (web/worksheet.html; sheet part).
  worksheet: {
    /** The sheet's heading, per set. */
    title: Record<'puzzles' | 'drills', string>;
    /** The set's name in the switch and the running heading. */
    sets: Record<'puzzles' | 'drills', string>;
    /** What the student does, under the heading of the first sheet. */
    instructions: Record<'puzzles' | 'drills', string>;
    name: string;
    date: string;
    /** "Page 2 of 5". */
    pageOf(k: number, n: number): string;
    /** What a puzzle's answer may use; items: the allowed names and operators, as code. */
    allowed: string;
    /** The most lines the body may have. */
    maxLines(n: number): string;
    /** A puzzle's or drill's difficulty, from 1 to 5. */
    difficulty(n: number): string;
    /** Before the item's link to the playground. */
    checkAt: string;
    /** Labels of a drill line's boxes. */
    shape: string;
    dtype: string;
    /** The heading of the answer key's sheets. */
    key: string;
    /** Under the key's heading, per set. */
    keyNote: Record<'puzzles' | 'drills', string>;
    /** A drill line that raises, in the key: pythonType is PyTorch's exception ('RuntimeError'). */
    raises(pythonType: string): string;
    /** While the engine computes the drills' key. */
    keyWorking: string;
    /** The drills' key could not be computed (the engine did not load): the reason. */
    keyFailed(reason: string): string;
    /** A build without solutions: why there is no key. */
    noKey: string;
    /** The toolbar: the set switch, the language switch, the key switch, Print. */
    set: string;
    language: string;
    withKey: string;
    print: string;
    /** Ids the link asked for that the set does not have. */
    unknown(ids: string[]): string;
    /** Parts of the link that were not understood (each 'key=value'). */
    ignored(parts: string[]): string;
    /** No item to print. */
    empty: string;
  };
  /** The code mode's predict switch and the drills it runs (the predict part: views/code-predict.ts, code-mode-predict.ts). */
  codePredict: {
    /** Above the question: the switch is on. */
    heading: string;
    /** A question about a line: source is its text; subject the name asked about ('y', 'w.grad'), null: what the line gives. */
    ask(line: number, source: string, subject: string | null): string;
    /** A .grad summed from a broadcast (Note [Summed into a .grad]): from is the gradient's shape as it reached the leaf. */
    askSummed(name: string, from: string): string;
    shapeLabel(subject: string | null): string;
    dtypeLabel(subject: string): string;
    dimsLabel(name: string): string;
    /** The button: the line raises an error. */
    raises: string;
    /** The dtype field's text could not be read. */
    dtypeUnreadable(text: string): string;
    /** The dims field's text could not be read. */
    dimsUnreadable(text: string): string;
    /** The dims the learner said were summed (in "You said ..."). */
    saidDims(dims: number[]): string;
    /** The engine's answer: the tensor's shape and dtype (formatted). */
    answerIs(subject: string, shape: string, dtype: string): string;
    /** The engine's answer for a summed .grad: the dims summed of from, and the shape left. */
    summedIs(name: string, dims: number[], from: string, shape: string): string;
    /** The engine's answer for a line that raises: PyTorch's text. */
    raisesIs(message: string): string;
    /** The engine's answer for a line that raises nothing (but was said to). */
    runsFine: string;
    /** The button that opens the line in the views, which explain it. */
    why(line: number): string;
    /** What stays hidden while questions are open. */
    hidden: string;
    /** The views of a line not answered yet are hidden (the line is not named: the page picks a failing line itself, which would tell). */
    viewsHidden: string;
    /** At the end. */
    score(right: number, asked: number): string;
    allRight: string;
    /** Answers given so far, while questions are open. */
    progress(answered: number, asked: number): string;
    again: string;
    /** A program that asks nothing (no tensors). */
    nothing: string;
    /** A drill (#drill=ID): its label, hints, and what its end says. */
    drill: string;
    hintOf(n: number, count: number): string;
    showHint: string;
    drillPassed: string;
    drillFailed: string;
    /** The link names no drill of the set. */
    noDrill(id: string): string;
    allPuzzles: string;
  };
  // ---- The site's API page (web/api.html; offline part): the package README's examples, run here.
  apiPage: {
    title: string;
    /** Under the title: what the page is. */
    intro: string;
    /** The links to the site's other pages. */
    nav: string;
    playground: string;
    codeMode: string;
    worksheet: string;
    language: string;
    run: string;
    runAll: string;
    /** While an example runs. */
    running: string;
    /** Before what a line threw. */
    throws: string;
    /** The example ran and gave no value to show. */
    nothingShown: string;
    /** The core did not load: the reason. */
    loadFailed(reason: string): string;
  };

  // ---- The iframe page (web/public/embed.html; embed part).
  frame: {
    /** The share button that copies an <iframe> showing this state. */
    copyIframe: string;
    /** The copy buttons as one group: its word, and each button's own word (its name is the whole action: layout.copyLink, layout.copyEmbed, copyIframe). */
    copy: string;
    link: string;
    embed: string;
    iframe: string;
    /** The copied iframe's title: what a screen reader says of the frame on the course page. */
    iframeTitle: string;
  };
}
