// Every text the playground shows, per language. PyTorch's messages are not
// here: they are shown verbatim (in English) with one of these explanations.
import type { DimRule, InnerPattern } from 'tensorcast';
import type { Fill, Lang, Loss, OperandName, OpGroup, Theme, View } from '../model/state.js';

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
    alpha(text: string): string;
    resultTooBig(numel: string, bytes: string, limit: string): string;
  };
  explain: {
    mismatch(dim: number, trailing: number, sizes: SizeAt[]): string;
    zeroSize: string;
    inplace(self: string, broadcast: string): string;
    oldMessage: string;
    generic: string;
    noFix(dim: number, sizes: SizeAt[]): string;
  };
  notes: {
    outerProduct(stretched: string, numel: string, inputs: string): string;
    rankPromotion(names: string): string;
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
    legend: { equal: string; one: string; ghost: string; conflict: string; now: string };
    typed: string;
    pad(padded: string[], ndim: number): string;
    noPad(ndim: number): string;
    equal(d: number, t: number, size: number, names: string): string;
    one(d: number, t: number, stretched: string, size: number): string;
    missing(d: number, t: number, lacking: string, size: number): string;
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
    stepStorage(list: string): string;
    stepExpand(list: string): string;
    stepReorder(order: string): string;
    stepCoalesce(groups: string, loops: string): string;
    /** rows: output rows per pass (2: a broadcast row read once for both). */
    stepKernel(pattern: string, kernel: string, rows: number): string;
    /** One caption per inner pattern the core can report (the compiler checks every one has one). */
    patterns: Record<InnerPattern, string>;
    loops: string;
    loopComment(dims: string, strides: string): string;
    kernelLine(kernel: string): string;
    hoverHint: string;
    gridLabel: string;
    reads(out: string, value: string, parts: string[]): string;
    readsPart(name: string, cell: number, value: string, shared: number): string;
    noPlan: string;
    noExpand: string;
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
  };
  inplace: {
    rule(call: string): string;
    substituted(op: string, used: string): string;
    stepShapes(call: string, self: string): string;
    stepBroadcast(x: string, y: string, result: string): string;
    stepBroadcastFail: string;
    stepCompareOk(result: string): string;
    stepCompareFail(result: string, self: string, dims: string): string;
    stepOk(call: string, shape: string): string;
    stepFail(call: string): string;
    selfRow: string;
    unchanged: string;
    changed: string;
    fits: string;
    differs: string;
  };
  grid: { empty(shape: string): string; tooManyDims(ndim: number): string; scalar: string };
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
}
