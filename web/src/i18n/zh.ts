// 中文。术语和排版规则见同目录的 GLOSSARY.md：每个概念只用一个词，
// 中文与拉丁字母、数字之间空一格，全角标点两侧不空格。
import type { DType } from 'tensorcast';
import { kindOf } from '../model/dtypes.js';
import type { DTypeKind } from '../model/dtypes.js';
import type { Category, CategoryGroup } from '../model/promotion.js';
import type { Messages, SizeAt } from './messages.js';

const HAN = /[\u4e00-\u9fff]/;
/** A space between a Chinese character and a Latin letter, digit or code, none otherwise (GLOSSARY.md). */
const gap = (left: string, right: string): string => {
  const l = left.slice(-1);
  const r = right.slice(0, 1);
  if (l === '' || r === '') return '';
  return HAN.test(l) !== HAN.test(r) && /[\w()[\]−.+-]/.test(HAN.test(l) ? r : l) ? ' ' : '';
};
/** Joins pieces, spacing each seam by the rule above. */
const join = (...parts: string[]): string => parts.reduce((out, p) => out + gap(out, p) + p, '');
const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : join(items.slice(0, -1).join('、'), '和', items[items.length - 1] as string);
/** Clauses about several operands: "a 是 2，b 是 3". */
const clauses = (items: string[]): string => items.join('，');
const sizeText = (s: SizeAt): string => (s.size === null ? `${s.name} 没有这一维` : `${s.name} 是 ${s.size}`);
/** The sizes that clash: distinct, not 1 and present (a missing dim counts as 1). */
const clashing = (sizes: SizeAt[]): number[] =>
  [...new Set(sizes.map((s) => s.size).filter((n): n is number => n !== null && n !== 1))];
const differ = (sizes: SizeAt[]): string => {
  const c = clashing(sizes);
  return c.length > 2 ? `${c.join('、')} 互不相等，也都不是 1` : `${list(c.map(String))} 不相等，也都不是 1`;
};
/** A dim, counted from 0 on the left, and its place counted from the right, from 1. */
const dimAt = (d: number, t: number): string => `第 ${d} 维（从右数第 ${t} 个）`;
const dimsText = (dims: number[]): string => `第 ${dims.join('、')} 维`;

// dtype（promotion 组）：类别和数的种类。
const CATEGORY: Readonly<Record<Category, string>> = { tensor: '有维度的张量', 'zero-dim': '0 维张量', number: '普通数字' };
const KIND: Readonly<Record<DTypeKind, string>> = { bool: '布尔值', integer: '整数', float: '浮点数' };
/** “b（0 维张量，int64）”：一个类别的操作数和它的 dtype。 */
const groupText = (g: CategoryGroup): string => join(list(g.names), `（${join(CATEGORY[g.category], '，', g.dtype)}）`);
const lowerKinds = (dtypes: DType[], dtype: DType): string =>
  list([...new Set(dtypes.filter((d) => kindOf(d) !== kindOf(dtype)).map((d) => KIND[kindOf(d)]))]);
const withoutText = (without: { name: string; dtype: DType }[]): string =>
  clauses(without.map((w) => `${w.name} 是 ${w.dtype}`));

export const zh: Messages = {
  lang: 'zh',
  list,
  sentences: (parts) => parts.reduce((out, p) => (p === '' ? out : out === '' ? p : join(out, p)), ''),
  labelled: (label, text) => `${label}：${text}`,
  languageName: '中文',
  title: '广播机制，一步一步看',
  intro: '输入形状，选择运算，逐步查看 PyTorch 如何处理它们。所有形状、步长和数值都来自 tensorcast 的 WebAssembly 核心。',
  ui: {
    inputs: '输入',
    preset: '示例',
    presetPick: '选择一个示例…',
    shapeOf: (name) => (name === 'c' ? '条件 c 的形状' : `${name} 的形状`),
    shapeHint: '5,3,4,1 · (5, 3, 4, 1) · [5,3,4,1] · 5x3x4x1 · torch.empty(5,3,4,1) · () 表示 0 维张量',
    op: '运算',
    opGroups: { arithmetic: '算术', comparison: '比较（结果为 bool）', where: '选择', inplace: '原地运算' },
    alpha: 'alpha',
    valuesOf: (name) => `${name} 的值`,
    fill: { arange: 'arange：0, 1, 2, …', ones: '全 1', random: '随机（固定种子）', custom: '手动输入' },
    fillBool: { arange: 'True、False 交替', ones: '全 True', random: '随机（固定种子）', custom: '手动输入' },
    customHint: '按行优先顺序输入数值，例如 1, 2, 3 或 [[1, 2], [3, 4]]',
    seed: '种子',
    loss: '损失',
    losses: { sum: 'out.sum()', weighted: '(out * w).sum()，w = 1, 2, 3, …' },
    readAs: (shape) => `读作 ${shape}`,
    views: { align: '对齐', strides: '步长', grad: '梯度', inplace: '原地运算' },
    viewTabs: '视图',
    player: '步骤',
    reset: '重置',
    prev: '上一步',
    play: '播放',
    playStill: '系统设置要求减少动态效果，所以自动播放已关闭：请用“下一步”逐步查看。',
    pause: '暂停',
    next: '下一步',
    stepOf: (k, n) => `第 ${k} 步，共 ${n} 步`,
    exportSvg: '导出 SVG',
    exportPng: '导出 PNG',
    switchLanguage: 'English',
    theme: '主题',
    themes: { auto: '跟随系统', light: '浅色', dark: '深色', inherit: '跟随页面' },
    keys: '快捷键：← → 前后切换步骤 · Home / End 跳到第一步或最后一步 · P 播放或暂停 · 1–4 切换视图',
    result: '结果',
    errorLabel: '错误（PyTorch 原文）',
    why: '原因',
    fixes: '修改建议（每一项都先用核心验证过）',
    fixesOuter: '如果你想要逐元素运算，下面的写法不会让结果比输入更大（已用核心验证）：',
    fixResult: (shape) => `结果 ${shape}`,
    apply: (code) => `应用 ${code}`,
    diagram: (view) => `${view}示意图`,
    loading: '正在加载 WebAssembly 核心…',
    blocked: '暂时没有可演示的步骤：请先按上面的提示修改输入。',
    nothingToExport: (why) => `没有可导出的示意图。${why}`,
    loadFailed: '无法加载 WebAssembly 核心',
    summary: '演示内容',
    openFull: '在完整演示中打开',
    newTab: '（在新标签页中打开）',
  },
  problems: {
    shape: (name) => `无法读取 ${name} 的形状。`,
    shapeHelp: '形状可写作 5,3,4,1、(5, 3, 4, 1)、[5,3,4,1] 或 torch.empty(5,3,4,1)；() 表示 0 维张量。每一维的大小都是不小于 0 的整数，最多 16 维。',
    token: (name, token, bool) => `${name} 的值：“${token}”不是${bool ? ' True、False、1 或 0' : '数字'}。`,
    values: (name) => `${name} 的值：`,
    tooBig: (name, numel, limit) => `${name} 有 ${numel} 个元素。演示最多创建 ${limit} 个元素的张量，因此不画出它的数值；形状、步长和梯度的归约仍会显示。`,
    notKept: (name, numel) => `${name} 有 ${numel} 个元素，程序不会交回这么多数值，因此不画出它的数值；它的形状、步长和梯度的归约仍按程序的运行显示。`,
    alpha: (text) => `alpha 必须是数字，而不是“${text}”。`,
    resultTooBig: (numel, bytes, limit) => `结果将有 ${numel} 个元素（${bytes}）。演示只运行不超过 ${limit} 个元素的运算，因此不画出数值；形状、对齐、步长和梯度的归约仍来自核心。`,
  },
  explain: {
    mismatch: (dim, trailing, sizes) =>
      `在${dimAt(dim, trailing)}，${clauses(sizes.map(sizeText))}。广播只能扩展大小为 1 的维度（缺失的维度按 1 处理）；${differ(sizes)}，所以没有共同的形状。PyTorch 从右往左检查，遇到第一个这样的维度就停止。`,
    zeroSize: 'PyTorch 官方文档“广播语义”（Broadcasting semantics）一节的例子说，(0,) 这样的张量连一个维度都没有。其实不然：它有一个维度，只是大小为 0。0 既不等于另一方的大小，也不是 1，所以不能与之广播；如果另一方是 1，就可以广播（1 让位，结果为 0）。',
    inplace: (self, broadcast) =>
      `原地运算把结果写回参与运算的张量本身，它的形状是 ${self}。两个操作数广播后的形状是 ${broadcast}，与之不同，而原地运算永远不能改变张量的形状。换成非原地运算（例如 a + b）就可以执行，结果形状为 ${broadcast}。`,
    oldMessageSummary: '旧版 PyTorch 的报错措辞不同',
    oldMessage: '旧版 PyTorch，以及官方文档“广播语义”一节的例子，给出的都是 expand 的报错：',
    generic: '核心拒绝了这个输入；上面是核心自己的报错信息。',
    noFix: (dim, sizes) =>
      `对单个操作数做 unsqueeze、squeeze、补 1 的 reshape 或 transpose，都无法让这些形状广播：在第 ${dim} 维，${clauses(sizes.map(sizeText))}，而只有大小为 1 的维度才能扩展。请检查这些是否是你想要的张量。`,
  },
  notes: {
    outerProduct: (stretched, numel, inputs) =>
      `合法：${stretched.length > 2 ? '这些输入都' : '两个输入都'}被扩展了（${stretched.join('；')}），结果有 ${numel} 个元素，比任何一个输入都多（${inputs.map((i) => `${i.name} 有 ${i.count} 个`).join('，')}）。这是外积：一个输入的每个值都与另一个输入的每个值相遇，就像一张列出所有配对的表。如果你想要的是逐元素运算，请检查形状。`,
    rankPromotion: (names) => `${list(names)} 的维度较少，因此在左边补 1（隐式升维）。`,
    backcompat: (oldShape, newShape) =>
      `元素个数相同但形状不同：引入广播之前，PyTorch 把两者都当作 1 维张量处理，结果形状为 ${oldShape}；现在结果是 ${newShape}。只有设置 torch.utils.backcompat.broadcast_warning.enabled = True 后 PyTorch 才会警告（这里为了教学由 tensorcast 打开）：`,
    backcompatLabel: 'UserWarning',
    along: (name, dims) => `${name} 沿${dimsText(dims)}`,
  },
  align: {
    dim: (d) => `第 ${d} 维`,
    trailing: (t) => `−${t}`,
    resultRow: '结果',
    verdict: { equal: '= 相等', one: '1 → 扩展', missing: '+ 缺失', mismatch: '✗ 不匹配', unchecked: '未检查' },
    typed: '把输入的形状靠右对齐：广播从最右边的维度开始，向左逐个比较大小。维度从左往右从 0 开始编号，与 PyTorch 的 dim 参数一致。',
    pad: (padded, ndim) => `${list(padded)} 的维度较少：在左边补 1（虚线格），使每个形状都有 ${ndim} 个维度。`,
    noPad: (ndim) => `每个形状都有 ${ndim} 个维度，无需补 1。`,
    equal: (d, t, size, names) => `${dimAt(d, t)}：${join(list(names), names.length > 1 ? '都是' : '是', String(size))}。大小相等，结果为 ${size}。`,
    one: (d, t, ones, lacking, size) => {
      const why = [
        ...(ones.length > 0 ? [join(list(ones), ones.length > 1 ? '都是' : '是', '1')] : []),
        ...(lacking.length > 0 ? [join(list(lacking), lacking.length > 1 ? '都没有这一维（按 1 处理）' : '没有这一维（按 1 处理）')] : []),
      ];
      // A 1 yields to 0 too: "扩展为 0" would read as a contradiction.
      if (size === 0) return `${dimAt(d, t)}：${clauses(why)}，而 1 即使遇到 0 也让位，结果为 0。`;
      return `${dimAt(d, t)}：${clauses(why)}，${why.length > 1 ? '它们都' : ''}被扩展为 ${size}（不复制数据），结果为 ${size}。`;
    },
    missing: (d, t, lacking, size) => `${dimAt(d, t)}：${join(list(lacking), lacking.length > 1 ? '都没有这一维' : '没有这一维')}，按 1 处理，结果为 ${size}。`,
    mismatch: (d, t, sizes) => `${dimAt(d, t)}：${clauses(sizes.map(sizeText))}。${differ(sizes)}，无法广播：PyTorch 在这里停止。`,
    ok: (size) => `每一维都能广播：结果形状为 ${size}。`,
    fail: (d) => `广播在第 ${d} 维失败；它左边的维度不再检查。`,
  },
  strides: {
    storage: (name) => `${name} 的存储`,
    cells: (n) => `${n.toLocaleString('en-US')} 个单元`,
    expanded: (name, shape) => `${name} 扩展为 ${shape}`,
    output: (shape) => `out ${shape}`,
    table: { operand: '操作数', shape: '形状', strides: '步长', expanded: '扩展后的步长', offset: '偏移' },
    zeroMark: '步长 0：重复读取同一个单元',
    stepStorage: (items) => `每个张量都有自己的存储，即一段连续的内存单元。步长表示沿每一维走一步要跳过几个单元：${items.join('，')}。`,
    stepExpand: (items) => `TensorIterator 的第一个思路：广播就是步长 0。广播不复制任何数据：它按结果的形状给每个输入一组新步长，被扩展或缺失的维度步长为 0，沿这些维度走一步会再次读取同一个单元：${items.join('，')}。每个扩展后的网格显示每个输出元素读到的值；把鼠标移到（或用键盘聚焦）输出单元上，可以看到它读取哪些存储单元。`,
    stepReorder: (order, natural) =>
      `TensorIterator 的第二个思路：按步长给维度排序，让在内存中移动最少的维度作为最内层循环（依次询问每个操作数，已存在的输出排在最前；第一个能用步长区分两维的操作数说了算，步长为 0 的不参与）。` +
      (natural === null
        ? `这里的维度本来就是这个顺序：从最内层开始依次是${dimsText(order)}。`
        : `这里循环顺序因此改变：从最内层开始依次是${dimsText(order)}，而不是${dimsText(natural)}。`),
    stepCoalesce: (groups, loops, merged) =>
      `第三个思路：合并。对每个操作数来说，如果外层循环走一步恰好等于内层循环走完一整轮（外层步长 = 内层大小 × 内层步长），这两个相邻的循环就合并成一个。` +
      `${merged ? '合并结果' : '这里没有可合并的循环'}：${groups.join('，')}。循环：${loops}。`,
    stepKernel: (pattern, rows) =>
      `最后是真正做计算的最内层循环：沿着它，${pattern}` +
      (rows === 2 ? '它每次计算输出的两行：被广播的那一行只读一次，两行共用。' : ''),
    patterns: {
      contiguous: '每个操作数都逐个单元前进。',
      'scalar-a': 'a 停在同一个单元（步长 0）：整行只用一个数。',
      'scalar-b': 'b 停在同一个单元（步长 0）：整行只用一个数。',
      transposed: '有一个输入沿着输出的行方向前进（它在这里的步长很大），所以核心把数据分成小方块，在寄存器里逐块转置后再计算。',
      strided: '至少有一个操作数在内存中跳跃，因此运行普通的带步长循环。',
      'reduce-inner': '一行被求和成一个数。',
      'reduce-outer': '一行被加到输出的一行上。',
    },
    loops: '迭代计划',
    loopComment: (dims, strides) => `# ${dimsText(dims)}；步长 ${strides}`,
    kernelLine: (kernel) => `内核：${kernel}`,
    hoverHint: '把鼠标移到输出单元上，或用 Tab 键聚焦示意图后用方向键移动，可以看到它读取每个输入的哪个单元。',
    gridLabel: '输出单元：用方向键移动；每个单元都会说明它读取的输入单元。',
    reads: (out, value, parts) => `${out} = ${value}，读取 ${list(parts)}。`,
    readsPart: (name, cell, value, shared) => `${name} 存储中下标 ${cell} 的单元（值为 ${value}${shared > 1 ? `，${shared} 个输出元素共用` : ''}）`,
    noPlan: '运算没有执行，因此没有迭代计划。',
    noExpand: '广播失败，没有任何扩展：这里按原样显示每个输入的存储和步长。',
  },
  calls: {
    pick: '这一行有多个调用：选一个来讲解。',
    matmulBatch: (a, b, result) => result === null
      ? '没有批量维度：只做一次矩阵乘法。'
      : `批量维度 ${a} 和 ${b} 像逐元素运算一样广播为 ${result}：每一组做一次矩阵乘法。`,
    matmulInner: (aDim, bDim, k) => `内侧维度被收缩：a 的第 ${aDim} 维和 b 的第 ${bDim} 维大小都是 ${k}，逐元素相乘后求和消去。`,
    matmulPromoted: (which) => which === 'a' ? 'a 是 1 维张量：乘法时在左边补 1，结果中再去掉。' : 'b 是 1 维张量：乘法时在右边补 1，结果中再去掉。',
    matmulResult: (m, k, n, out) => `每次乘法是 (${m}, ${k}) @ (${k}, ${n}) → (${m}, ${n})；结果的形状为 ${out}。`,
    matmulFailed: (a, b, k, bInner) => `a ${a} @ b ${b}：a 的最后一维（${k}）必须等于 b 的倒数第二维（${bInner}），这里不相等。`,
    matmulHint: (call, shape) => `你是想写 ${call} 吗？转置后这个操作数是 ${shape}，内侧维度就对上了。`,
    reduction: (op, input, dims, keepdim, out) => `${op} 在形状为 ${input} 的张量的${dimsText(dims)}上归约：${keepdim ? '这些维度保留为大小 1（keepdim=True）' : '这些维度消失'}。结果的形状为 ${out}。`,
    reductionKeep: (kept) => `不加 keepdim=True 时，被归约的维度会消失；要让结果和输入再广播（x - x.mean(1)），就保留它们：keepdim=True 得到 ${kept}。`,
    indexStep: (text, shape) => `${text} → ${shape}`,
    indexView: '下标里只有整数、切片、None 和 ...：结果是 view，与输入共享存储。',
    indexCopy: '下标里有张量（或列表）：这是高级索引，结果是副本。',
    cat: (count, dim, sizes, out) => `torch.cat 沿已有的维度${dim === null ? '' : `（第 ${dim} 维）`}拼接 ${count} 个张量${dim === null ? '' : `：大小 ${sizes.join(' + ')} 相加`}；其他维度必须相等。结果的形状为 ${out}。`,
    stack: (count, shape, dim, out) => `torch.stack 把 ${count} 个形状为 ${shape} 的张量沿一个新维度${dim === null ? '' : `（第 ${dim} 维）`}并排放在一起；它们的形状必须相同。结果的形状为 ${out}。`,
  },
  grad: {
    dOut: 'd loss / d out',
    incoming: (name) => `${name} 的梯度（out 的形状）`,
    afterLeading: (name, shape) => `${name}：前导维度求和后保留为 1，形状 ${shape}`,
    afterOnes: (name, shape) => `${name}：大小为 1 的维度求和后，形状 ${shape}`,
    final: (name, shape) => `${name}.grad ${shape}`,
    unreduced: (name, shape) => `${name}.grad ${shape}：无需求和`,
    stepForward: (expr, shape, loss) => `前向：out = ${expr} 的形状为 ${shape}，loss = ${loss}。反向传播从这里画出的 d loss / d out 开始。`,
    stepIncoming: (shape) => `反向传播时，运算给每个输入的梯度都与 out 形状相同，即 ${shape}。被广播过的输入比 out 小，所以它的梯度必须归约回它自己的形状（sum_to，PyTorch 的 reduce_grad 也是这样做的）。`,
    stepLeading: (parts) => parts.join(''),
    stepOnes: (parts) => parts.join(''),
    stepView: (parts) => `${parts.join('')}这些就是核心算出的 .grad 数值。`,
    leadingPart: (name, dims) => `${name}：${dimsText(dims)}是广播时在左边补上的。用 keepdim=True 求和后保留为大小 1，直到最后的 view 才去掉。`,
    onesPart: (name, dims) => `${name}：${dimsText(dims)}在 ${name} 中大小为 1，被扩展过。用 keepdim=True 求和，恢复为 1。`,
    nothing: (name) => `${name}：这一步没有要求和的维度。`,
    viewPart: (name, from, to) => `${name}：view ${from} → ${to}，去掉前导维度留下的 1，得到 ${name}.grad。`,
    noViewPart: (name, shape) => `${name}：求和结果已经是 ${name} 的形状 ${shape}，不需要 view，这就是 ${name}.grad。`,
    unreducedPart: (name) => `${name} 与 out 形状相同：它的梯度无需归约，直接就是 ${name}.grad。`,
    oneSum: '核心把前导维度和大小为 1 的维度放在同一次 sum(dims, keepdim=True) 里求和；有前导维度时再 view 成输入的形状。上面的步骤把这两类维度分开画出。每个输入在核心中的实际调用：',
    coreCall: '核心的调用',
    lossWeighted: '权重 w = 1, 2, 3, …，形状与 out 相同',
    lossSum: '全为 1',
    noGrad: '这里没有梯度',
    inplaceLeaf: 'tensorcast 和 PyTorch 一样，不允许对需要梯度的叶子张量做原地运算；请改用非原地运算查看梯度。',
    programForward: (expr, shape, line, source) => `前向：out = ${expr} 的形状为 ${shape}。第 ${line} 行（${source}）的反向传播传给 out 的梯度 d loss / d out 画在这里，都是程序自己算出的数值。`,
    fromLine: (line) => `来自第 ${line} 行的反向传播`,
    programStepView: (parts) => `${parts.join('')}这些就是程序的反向传播为这一行算出的梯度。`,
    received: (name, shape) => `${name} 收到的梯度 ${shape}`,
    notRequired: (names) => `${list(names)} 不需要梯度（创建时没有 requires_grad=True，计算它所用的张量也都不需要梯度），所以反向传播不会为它算梯度。`,
    noBackward: (lines) => lines.length === 0
      ? '没有反向传播经过这一行：程序在这一行之后没有调用 backward()。在后面加上 loss.backward()（loss 是由这一行的结果算出的单个数）就能看到梯度。'
      : `没有反向传播经过这一行：第 ${lines.join('、')} 行的 backward() 所从出发的张量不依赖这一行的结果。`,
    notRecorded: '这个运算的操作数都不需要梯度，所以 autograd 没有记录它，也没有梯度从这里传回。',
    noBackwardCaption: '没有可以逐步查看的反向传播：程序没有为这一行算出梯度。',
  },
  inplace: {
    rule: (call) => `${call} 把结果写回 a 本身，所以广播后的形状必须正好是 a 的形状。`,
    stepShapes: (call, self) => `${call} 写入 a，无论如何 a 都保持形状 ${self}。`,
    stepBroadcast: (x, y, result) => `a ${x} 与 b ${y} 广播得到 ${result}。`,
    stepBroadcastFail: 'a 和 b 本身就不能广播',
    stepCompareOk: (result) => `${result} 正好是 a 的形状：结果可以写入 a。`,
    stepCompareFail: (result, self, dims) => `${result} 不是 a 的形状 ${self}：在${dimsText(dims)}，a 必须变大。`,
    stepOk: (call, shape) => `${call} 成功：a 保持 ${shape}。`,
    stepFail: (call) => `${call} 失败（PyTorch 原文见上方），a 保持不变。`,
    selfRow: 'a 的形状',
    unchanged: 'a 没有改变（已验证：前后数值相同）',
    changed: '运算失败，但 a 改变了',
    fits: '✓ 一致',
    differs: '✗ 不同',
  },
  grid: {
    empty: (shape) => `空张量：形状 ${shape} 有 0 个元素`,
    tooManyDims: (ndim) => `${ndim} 维：最多画 6 维`,
    scalar: '0 维（标量）',
  },
  traceback: {
    summary: '遇到 PyTorch 报错？粘贴到这里',
    label: 'PyTorch 报错信息，或完整的 traceback',
    placeholder: 'RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
    none: '这段文字里没有本页能识别的形状报错。本页能读懂：“The size of tensor a (…) must match the size of tensor b (…)”、“output with shape […] doesn’t match the broadcast shape […]”、“The expanded size of the tensor (…) must match the existing size (…)”和“mat1 and mat2 shapes cannot be multiplied (…)”。',
    readSize: (dim, a, b) => `报错的意思是：在结果中下标为 ${dim} 的维度（从左往右数，从 0 开始），张量 a 的大小是 ${a}，张量 b 的大小是 ${b}。两者都不是 1，所以无法广播。`,
    readInplace: (self, broadcast) => `报错的意思是：原地运算要写回一个形状为 ${self} 的张量，但两个操作数广播后的形状是 ${broadcast}，而原地运算不能改变张量的形状。`,
    readExpand: (dim, target, existing) => `报错的意思是：expand 要求下标为 ${dim} 的维度变成 ${target}，而张量在这一维的大小是 ${existing}。expand 只能扩展大小为 1 的维度。`,
    readExpandShapes: (target, tensor) => `报错给出了两个形状：目标形状 ${target} 和张量的形状 ${tensor}。x.expand(target) 失败的情况与 target.add_(x) 完全相同，所以本页用 a.add_(b) 演示：a 是目标形状，b 是原张量。`,
    guessSize: (dim) => `报错没有给出其他大小。下面填的是能产生这条报错的最小形状：${dim === 0 ? '各一维' : `各 ${dim + 1} 维，下标 ${dim} 之前的大小都是 1`}。请把猜测改成你的真实形状。`,
    guessInplace: '报错给出了 a 的形状和结果的形状，但没有给出 b 的形状：下面的 b 是能得到这个结果的最小形状。请把猜测改成 b 的真实形状。',
    guessExpand: (dim) => `这条旧版报错没有给出形状：下面填的是能产生它的最小形状（各 ${dim + 1} 维）。请把猜测改成你的真实形状。`,
    exact: '两个形状都来自报错信息。',
    shownAs: (call) => `按 ${call} 演示`,
    guess: '猜测',
    fromMessage: '来自报错',
    shapeLabel: (name) => `${name} 的形状`,
    shapeHint: '4,3 · 4x3 · (4, 3) · [4, 3] · torch.Size([4, 3]) · 也可以用名字，如 B,3,H,W',
    shapeProblem: (at) => `无法读取这个形状（第 ${at} 个字符处）`,
    askNames: '请为每个名字填写大小：',
    nameLabel: (name) => `${name} 的大小`,
    apply: '演示这些形状',
    same: '对这些形状，演示给出的报错与粘贴的相同：下面的步骤说明原因。',
    different: '这些形状给出的报错与粘贴的不同（请对照上面的报错）：请检查你填写的大小。',
    noError: '这些形状不会报错：粘贴的报错不可能来自它们。',
    expandSays: (call) => `核心执行 ${call} 给出：`,
    matmul: (left, right, l, r, [k1, k2]) => `报错的意思是：矩阵乘法的两个矩阵是 ${left}（${l}）和 ${right}（${r}）。${left} 的列数必须等于 ${right} 的行数，而这里 ${k1} ≠ ${k2}。`,
    matmulRule: (left, right) => `乘积的每个元素都由 ${left} 的一行与 ${right} 的一列逐个相乘再求和，所以这两个长度必须相同。torch.matmul 会先把批量输入的前面几维并入行（形状为 (3, 4, 5) 的张量在这里显示为 12x5）；它只对这些批量维度做广播，相乘的两个维度从不广播。`,
    matmulLinear: (features, expected) => `如果报错来自 nn.Linear（F.linear），第二个矩阵是该层权重的转置：输入最后一维有 ${features} 个特征，而这一层是按 ${expected} 个特征（in_features）创建的。`,
    matmulInCode: '演示的“代码”模式可以运行矩阵乘法：把这一行写进去（例如 x @ W.T），就能看到哪些维度相乘后被求和消去，哪些维度会广播。',
    applied: '已应用。可以复制到代码中的一行：',
    copy: '复制',
    copied: '已复制。',
    copyFailed: '浏览器不允许复制：这一行已选中，请按 Ctrl+C（Mac 上按 ⌘C）。',
    undo: '按浏览器的“后退”按钮即可撤销。',
  },
  predict: {
    toggle: '先预测',
    toggleHint: '每个答案都要等你预测之后才揭晓。',
    hiddenResult: '先预测，再揭晓（下面的步骤会请你作答）。',
    askResult: (call) => `轮到你了：${call} 会得到什么？请输入结果的形状，或者选择“会报错”。`,
    askDim: (d, t, sizes) => `${dimAt(d, t)}：${clauses(sizes.map(sizeText))}。大小相等、有一方被扩展，还是会报错？`,
    askGrad: (name) => `轮到你了：${name}.grad 马上就要出现。它的形状是什么？`,
    shapeLabel: '你的预测：结果的形状',
    gradLabel: (name) => `你的预测：${name}.grad 的形状`,
    check: '核对',
    raisesError: '会报错',
    verdicts: { equal: '= 相等', stretched: '1 → 扩展', error: '✗ 报错' },
    verdictsLabel: '你对这个维度的预测',
    unreadable: (text) => `“${text}”不是形状。请输入 5,2、(5, 2) 或 [5, 2] 这样的大小；() 表示 0 维张量。`,
    right: '✓ 答对了。',
    wrong: '✗ 不太对。',
    youSaid: (guess) => `你的答案：${guess}。`,
    resultIs: (shape) => `结果是 ${shape}。`,
    resultFails: 'PyTorch 会报错（报错原文见上方）。',
    dimIs: (d, verdict) => `第 ${d} 维：${verdict}。`,
    gradIs: (name, shape) => `${name}.grad 的形状是 ${shape}。`,
    answerFirst: '请先预测：下一步要等你作答。',
  },
  fixes: {
    meaning: {
      reorders: (name) => `重新排列了 ${name} 的值：这是另一种计算`,
      pairs: (whole, part, axis) => `${whole} 的每一${axis === 'row' ? '行' : '列'}与 ${part} 的一个值配对`,
      reuses: (parts) => parts.map((p) => `${p.name} 的每个值沿下标为 ${list(p.dims.map(String))} 的维度重复使用`).join('；'),
      oneToOne: '值一一对应',
      outOfPlace: (larger) =>
        larger
          ? '按原样运算，结果写入一个比任何输入都大的新张量：输入的值两两组合（外积）'
          : '按原样运算，结果写入新张量：a 不被修改',
    },
    keepdim: (reduced, from, dim, shape) =>
      `如果 ${reduced} = ${from}.sum(${dim})（或 ${from}.mean(${dim})），请写 keepdim=True：这一维保留为大小 1，形状为 ${shape}，就能与 ${from} 对齐。`,
    large: {
      notDrawn: (limit) => `未画出数值：超过演示创建张量的上限 ${limit} 个元素`,
      gridsNotDrawn: (limit) => `超过 ${limit} 个元素时不画出数值；上面的步长照样来自核心。`,
      noPlan: (limit) => `核心只在执行运算时规划循环，而这个运算太大，无法在这里执行（结果和输入共超过 ${limit} 个元素），因此不显示迭代计划。`,
      stage: (numel) => `${numel} 个值，未画出`,
      gradValues: '未画出数值（元素个数超过演示的上限）',
      noSteps: '这个运算太大，无法在这里执行，因此这一视图没有可逐步查看的内容；对齐和步长视图仍会显示它的形状和步长。',
      stepView: (parts) => `${parts.join('')}这些是 .grad 的形状；数值未画出。`,
    },
  },
  chain: {
    label: (name) => `${name} 的视图`,
    placeholder: '.T · .transpose(0, 1) · [:, 1:3] · .expand(2, -1)',
    sees: (shape) => `运算看到的形状：${shape}`,
    unexpected: (pos, found) => (found === '' ? `视图链在第 ${pos} 个字符处提前结束。` : `第 ${pos} 个字符“${found}”不是视图链的一部分。`),
    unknown: (name) => `.${name} 不是这里能读取的视图操作：请用 .T、.mT、.t()、.transpose、.permute、.narrow、.expand、.view、.unsqueeze、.squeeze 或 [ ] 索引。`,
    arity: (name, expected, got) => `.${name}() 接受 ${expected === '0-1' ? '0 或 1' : expected === 'n' ? '任意多' : expected} 个参数，而不是 ${got} 个。`,
    unclosed: (bracket, pos) => `第 ${pos} 个字符的“${bracket}”没有闭合。`,
    number: (text) => `${text} 太大，不能作为大小或维度。`,
    tooLong: (limit) => `视图链最多读取 ${limit} 个操作。`,
    textTooLong: (limit) => `视图链最多读取 ${limit} 个字符。`,
    tooDeep: (limit) => `索引中的列表最多读取 ${limit} 层嵌套。`,
    pytorch: (message) => `PyTorch 拒绝这个索引：${message}`,
    unreadable: (name) => `无法读取 ${name} 的视图链：`,
    failed: (call) => `${call} 失败（PyTorch 的报错）：`,
    copy: (call, item) => `${call}：索引项 ${item} 会复制数据（高级索引），而不是这段存储的视图。视图链只包含视图：请只用整数、切片、None 或“...”索引。`,
    viewOf: (view, base, offset) => `${view} 是这段存储的视图（存储的形状为 ${base}），从下标 ${offset} 的单元开始`,
    viewNote: (view, shape, base, offset) => `${view} 是一个视图：运算看到的形状是 ${shape}，但它按视图的步长，从下标 ${offset} 的单元开始，读取形状为 ${base} 的张量的存储。`,
    formula: (out, name, expr) => `${out} 读取 ${name} 的单元 ${expr}`,
    kernelDetail: (kernel) => `tensorcast 用于这个最内层循环的内核：${kernel}`,
  },
  roles: {
    equal: '大小相等',
    kept: '保留的大小',
    stretched: '大小为 1，被扩展',
    missing: '缺失的维度（虚线 1）',
    conflict: '不匹配',
    now: '正在检查的维度',
  },
  inplaceForms: {
    noForm: (op, used) => `PyTorch 没有 ${op}_（${op} 没有原地版本），因此本视图显示 ${used}。`,
    compareDtype: (call, dtype) => dtype === 'bool'
      ? `${call} 是写入 a 的比较运算：a 保持 dtype bool，每个元素变为 True 或 False。`
      : `${call} 是写入 a 的比较运算：a 保持 dtype ${dtype}，比较成立的元素变为 1，不成立的变为 0（PyTorch 把 bool 结果转换成 a 的 dtype）。`,
  },
  boolGrad: {
    caption: '没有可以逐步查看的反向传播：out 是 bool 张量，没有梯度。',
    result: (expr) => `${expr} 的结果是 bool 张量（每个元素为 True 或 False），而 bool 张量没有梯度：只有浮点张量才能 requires_grad，所以没有梯度可以传回 a 或 b。`,
    comparison: '原因：比较运算不可微。它的结果只在 False 和 True 之间跳变：a 或 b 稍微变化时，结果要么不变，要么突然跳变，没有可以传回的斜率。因此 PyTorch 不给 eq、ne、lt、le、gt、ge 定义梯度，对它们的结果调用 backward() 会报错“element 0 of tensors does not require grad and does not have a grad_fn”。',
    where: '原因：这里传给 where 的两个值都是 bool，所以结果也是 bool：它存的是真假值，而不是能连续变化的数。',
  },
  promotion: {
    heading: 'dtype：PyTorch 如何决定结果的类型',
    dtypeOf: (name) => `${name} 的 dtype`,
    operand: (name, dtype, category) => join(name, '是', dtype, `，${CATEGORY[category]}${category === 'number' ? '：只看它是哪一种数' : ''}。`),
    number: (name, text, dtype) => join(name, '是', text, `，一个普通的 Python 数字：只看它是哪一种数（${KIND[kindOf(dtype)]}，按`, dtype, '算）。'),
    within: (category, names, dtypes, dtype, reason, common) => {
      const who = join(list(names), '都是', CATEGORY[category]);
      const meet = common ? join('公共 dtype 是', dtype) : join('它们提升为', dtype);
      if (reason === 'same') return join(`${who}，dtype 相同，都是`, dtype, `：不需要提升，${meet}。`);
      if (reason === 'kind') return join(`${who}，一起提升：${KIND[kindOf(dtype)]}高于${lowerKinds(dtypes, dtype)}，所以${meet}。`);
      const others = [...new Set(dtypes.filter((d) => d !== dtype))];
      return join(`${who}，存的是同一种数，而`, dtype, '能表示', list(others), `的每个值，所以${meet}。`);
    },
    common: (dtype) => join('所以公共 dtype 是', dtype, '。'),
    across: (decider, higher, lower, common) => {
      const parts: string[] = [];
      if (higher.length > 0)
        parts.push(join(groupText(decider), `带来了更高的一种数（${KIND[kindOf(decider.dtype)]}），高于`, list(higher.map(groupText)), '：较低的类别只有这样才起作用，这时由它决定。'));
      else parts.push(join(groupText(decider), '属于最高的类别（依次是有维度的张量、0 维张量、普通数字）。'));
      for (const g of lower)
        parts.push(join(groupText(g), `没有带来比${KIND[kindOf(decider.dtype)]}更高的一种数，所以不起作用`,
          kindOf(g.dtype) === kindOf(decider.dtype) && g.dtype !== decider.dtype ? join('：它是', g.dtype, '也不够。') : '。'));
      parts.push(join('公共 dtype 是', common, '。'));
      return parts.reduce((out, p) => join(out, p), '');
    },
    rule: (op, rule, common, compute, result) => {
      switch (rule) {
        case 'promote-to-float':
          return kindOf(common) === 'float'
            ? join(op, '以', compute, '计算，返回', result, '。')
            : join(op, '的结果总是浮点数（7 / 2 是 3.5，不是 3），所以公共', `dtype ${common}`, '会变成默认浮点类型：', op, '以', compute, '计算，返回', result, '。');
        case 'bool':
          return join('比较运算以公共', `dtype ${compute}`, '比较，返回 bool：每个元素是 True 或 False。');
        default:
          return join(op, '以', compute, '计算，返回', result, '。');
      }
    },
    casts: (names, compute) => (names.length === 0
      ? join('没有操作数需要转换：它们已经都是', compute, '。')
      : join('进入循环之前，', list(names), '先转换为', compute, '。')),
    inplace: (call, self, result, cast, comparison) => {
      if (comparison)
        return self === 'bool'
          ? join(call, '把 True 和 False 写入 a，a 本来就是 bool。')
          : join(call, '把 True 和 False 以 1 和 0 写入 a，使用 a 自己的', `dtype ${self}`, '：比较运算不做转换检查。');
      return cast
        ? join(call, '写入 a，a 保持自己的 dtype：', result, '的结果被转换为', self, '。PyTorch 允许这样做：', result, '和', self, '是同一种数，只有转换为更低的一种数才会被拒绝。')
        : join(call, '写入 a，a 保持自己的', `dtype ${self}`, '：结果本来就是', self, '。');
    },
    inplaceRefused: (call, self, result) =>
      join(call, '必须把', result, '的结果写入 a，而 a 保持自己的', `dtype ${self}`, `。${self === 'bool' ? 'bool 张量只能存 True 和 False' : '浮点数写入整数张量会丢掉小数部分'}，所以 PyTorch 在写入任何值之前就拒绝了。`),
    refused: 'PyTorch 拒绝了这次调用。',
    whyRefused: '形状可以广播，所以这次拒绝与操作数的 dtype 或值有关，PyTorch 的报错信息说明了原因。“对齐”视图的示意图下方列出了 PyTorch 如何决定它们的 dtype。',
    token: (name, token, dtype) => join(`${name} 的值：“${token}”不是整数，而`, name, '是', dtype, '。'),
    gradSkipped: (without) =>
      join(withoutText(without), '：只有浮点张量才能 requires_grad，所以', list(without.map((w) => w.name)), '没有梯度。下面的反向传播只属于浮点输入。'),
    gradCaption: '没有可以逐步查看的反向传播：没有一个输入是浮点张量，所以没有张量 requires_grad。',
    gradNone: (without, result) =>
      join(withoutText(without), '，而只有浮点张量才能 requires_grad。所以这次运算没有被记录，out', result === null ? '' : `（${result}）`, '没有梯度可以传回。'),
  },
  layout: {
    tapHint: '轻触输出单元，可以看到它读取每个输入的哪个单元。',
    speed: '速度',
    speeds: { slow: '慢', normal: '中', fast: '快' },
    exportAllSvg: '全部步骤导出为 SVG',
    exportAllPng: '全部步骤导出为 PNG',
    exporting: (done, total) => `正在导出：第 ${done} 步，共 ${total} 步…`,
    exported: (name) => `已保存 ${name}。`,
    exportFailed: (message) => `导出失败：${message}`,
    copyLink: '复制链接',
    copyEmbed: '复制嵌入代码',
    copied: '已复制。',
    copyFailed: '无法复制（浏览器拒绝了）：请选中下面的文字自行复制。',
    tableCaption: (view, step) => `${view}示意图的表格形式，${step}`,
    rule: '规则',
    missing: '缺失（按 1 计）',
    notChecked: '尚未检查',
    storage: '存储（值）',
    incoming: '传入的梯度',
    leading: '求和的前置维度',
    ones: '求和的大小为 1 的维度',
    grad: '.grad',
    none: '无',
    broadcast: '广播后的形状',
    fitsRow: '能否放入 a',
  },
  programGraph: {
    title: '程序的计算图',
    desc: (tensors, calls) => `${tensors} 个张量画成方框，${calls} 次调用画成箭头，从读取的张量指向产生的张量。`,
    line: (n) => `第 ${n} 行`,
    input: '输入',
    storage: (n) => `存储 ${n}`,
    unknownShape: '形状未记录',
    tensorId: (id) => `张量 #${id}`,
    nodeLabel: (name, shape, dtype, line, shared) =>
      join(`${name}：形状 ${shape}，${dtype}，产生于第 ${line} 行`, shared.length > 0 ? join('；与', list(shared), '共享存储') : ''),
    changed: (line) => `第 ${line} 行改动`,
    changedBy: (line, call, through) =>
      through === null ? join(`；第 ${line} 行原地改动了它的值（`, call, '）') : join(`；第 ${line} 行通过`, through, '改动了它的值，两者共享存储（', call, '）'),
    callLabel: (op, line, inputs, outputs, view) =>
      join(`第 ${line} 行的`, op, '：', inputs.length > 0 ? list(inputs) : '没有张量', ' → ', list(outputs), view ? '（view：共享同一存储）' : ''),
    inplace: '原地',
    legend: '方框是张量；箭头是产生它们的调用，上面标着运算。虚线箭头是 view：结果与输入共享存储（存储编号相同）。',
    selectHint: '点击张量或运算，打开它所在的行（键盘：用 Tab 进入计算图，用方向键移动，按 Enter 打开）。',
    empty: '还没有产生任何张量。',
    stopped: (line) => `第 ${line} 行报错（报错信息见上方），计算图只画到它之前。`,
    leftOut: (tensors, from, to) => `第 ${from}–${to} 行的另外 ${tensors} 个张量没有画出，以免计算图过于拥挤。`,
    backward: {
      title: '反向传播',
      steps: '反向传播的步骤',
      start: (line, root, shape) =>
        join(`第 ${line} 行：`, `${root}.backward()`, '开始反向传播。', root, '对自身的梯度是 1，形状与它相同，即', shape, '；梯度从这里沿箭头反向流动。'),
      item: (op, name, from, to) => `${op} → ${name}：${from} → ${to}`,
      arrives: (expr, op, name, grad, target) =>
        join(expr, `的反向（${op}）交给`, name, '的梯度形状为', grad, '，而', name, '本身的形状是', target, '。'),
      same: '形状相同，无需求和。',
      reducedTo: (call, name, shape) => join('核心执行', call, '：梯度变回', name, '的形状', shape, '。'),
      isGrad: (name) => join(name, '是叶子张量：这个梯度存为', `${name}.grad`, '。'),
      grads: (parts) => join('反向传播完成。每个需要梯度的叶子张量都得到了梯度：', list(parts), '。'),
      noGrads: '反向传播完成，没有带名字的叶子张量得到梯度。',
      sumTo: 'sum_to',
      valuesIn: (shape) => join('梯度到达时的值，形状', shape, '：'),
      valuesOut: (name, shape) => join(name, '得到的值，形状', shape, '：'),
    },
  },
  code: {
    mode: '模式',
    modes: { shapes: '两个形状', code: '代码' },
    intro: '输入几行 PyTorch 代码。核心会边输入边运行，并在每一行旁边写出它的形状和 dtype。点击带标记的行，可以逐步查看它的运算。',
    editor: 'PyTorch 代码',
    examples: '示例',
    examplePick: '打开一个示例…',
    untitled: (id) => id,
    running: '正在运行…',
    printed: 'print() 的输出',
    errorAt: (line) => `第 ${line} 行报错：`,
    pickHint: '带有广播运算的行都做了标记：点击其中一行（或把光标放在该行按 Ctrl+Enter），就能在下面的视图中查看它。',
    lineOp: (line, source) => `第 ${line} 行：${source}`,
    operands: (pairs) => `视图中，${pairs.map(([name, text]) => `${name} 是 ${text}`).join('，')}。`,
    runOf: (k, n) => `第 ${k} 次运行（共 ${n} 次）：这一行运行了 ${n} 次，视图和计算图展示的是第 ${k} 次运行刚结束时的程序。`,
    previousRun: '上一次运行',
    nextRun: '下一次运行',
    briefRun: (kept) => `每一行只有前 ${kept} 次运行会连同其中的运算一起记录：这一次只显示它绑定的值，不显示运算。`,
    noOp: (line) => `第 ${line} 行没有视图能展示的运算。视图展示会广播的逐元素运算：+ - * / 等、比较运算和 where。`,
    noRunner: '这个版本的核心不能运行程序（没有 tc.run）。',
    programViews: '整个程序',
    fixAt: (line) => `第 ${line} 行：`,
    applyFix: (line, text) => join(`应用：第 ${line} 行改为`, text),
    fixesChecked: '每个修正都是对你的程序的一处修改，只有改后的程序运行到这一行时不再出现这个错误（或外积），才会列在这里。应用后上面的代码随之改变；点“撤销”（或在编辑器里按 Ctrl+Z，Mac 上按 ⌘Z）即可改回。',
    fixApplied: (line) => `第 ${line} 行已修改。`,
    undo: '撤销',
    keepdimMeaning: 'keepdim=True 把归约掉的维度保留为 1，结果仍与原来的值一一对齐。',
    transposeMeaning: '转置后最后两个维度互换，内侧的维度就对上了。',
    backwardLine: (line) => `第 ${line} 行执行反向传播。它的每一步都在下面程序的计算图之后列出，并附上程序算出的梯度值。`,
    warnOuter: (a, b, result, count) =>
      join(`很可能是无意中做了外积：两个操作数各有 ${count} 个值，但形状`, a, '和', b, '广播成', result, '，一个的每个值都和另一个的每个值相遇。要一一配对，请让两者形状相同。'),
    warnReduceDim: (reduction, dims, input) =>
      join('很可能用错了维度：', reduction, `对`, input, `的第 ${dims.join('、')} 维归约时没有 keepdim=True，这一维就没了；广播会把结果与右边的维度对齐，而不是与它原来的维度对齐。只因为大小恰好相等才没有报错。请用 keepdim=True。`),
    warnSharedWrite: (written, others) =>
      join('这个原地运算写入', written, '，而它和', list(others), '共用同一块存储：', list(others), '也会跟着改变。只想改', written, '的话，先用', `${written}.clone()`, '。'),
    warnIntDivision: (dtype) =>
      join('整数做 // 会向下取整，结果仍是整数（', dtype, '），小数部分被丢掉。求均值或比值请用 /（真除法），结果是浮点数。'),
    fixesOpen: '每个修正都会在“两个形状”模式中打开，并改好相应的形状。',
    runningFor: (seconds) => `正在运行：${seconds} 秒。可以继续输入。`,
    stop: '停止',
    stoppedAfter: (seconds) => `已在 ${seconds} 秒后停止。下面是上一次运行完成的结果。`,
    runAgain: '再次运行',
    standIn: '淡色部分来自上一次能读懂代码的运行。',
  },
  // 练习部分：“制作练习”和链接打开的练习。
  exercise: {
    make: '制作练习',
    makeShort: '练习',
    heading: '制作练习',
    intro: '选择学生可以修改的部分和要达成的目标。链接和嵌入代码会把这个页面作为练习打开：其余部分被锁定，达成目标时会显示一个对勾。',
    close: '关闭',
    linesLabel: '学生可以修改的行',
    linesHint: '行号和范围，例如 3-5,8。留空表示每一行都可以修改。',
    linesBad: '请写从 1 开始、由小到大的行号，例如 3-5,8。',
    partsLabel: '学生可以修改的部分',
    parts: { a: 'a 的形状', b: 'b 的形状', c: 'c 的形状', op: '运算', da: 'a 的 dtype', db: 'b 的 dtype' },
    goalLabel: '目标',
    kind: (mode, kind) => (mode === 'code'
      ? { runs: '每一行都能运行', shape: '某个名字具有指定形状', grad: '某个 .grad 具有指定形状', predict: '预测每一行' }
      : { runs: '运算能运行', shape: '结果具有指定形状', grad: '某个操作数的 .grad 具有指定形状', predict: '预测每一步' })[kind],
    nameLabel: '名字',
    shapeLabel: '形状',
    nameBad: (mode) => (mode === 'code' ? '请写一个 Python 名字，例如 d 或 w。' : '请写 a 或 b。'),
    shapeBad: '请写用逗号分隔的大小，例如 2, 3（0 维张量留空）。',
    alreadyMet: '这个页面现在的状态已经达成目标。分享链接之前请先改动它，让学生有事可做。',
    linkLabel: '链接',
    embedLabel: '嵌入代码',
    title: '练习',
    goal: (mode, goal, shape) => {
      switch (goal.kind) {
        case 'runs':
          return mode === 'code' ? '让程序的每一行都能运行，不报错。' : '让运算能运行，不报错。';
        case 'shape':
          return mode === 'code' ? join('让', goal.name, '在程序结束时是形状为', shape, '的张量。') : join('让结果的形状为', shape, '。');
        case 'grad':
          return mode === 'code' ? join('让', `${goal.name}.grad`, '在 backward() 之后是形状为', shape, '的张量。') : join('让', `${goal.name}.grad`, '的形状为', shape, '。');
        case 'predict':
          return mode === 'code' ? '在每一行的形状显示之前预测它，并且全部预测正确。' : '在每一步显示之前预测它，并且全部预测正确。';
      }
    },
    editLines: (lines) => join('你可以修改第', lines, '行，其他行已锁定。'),
    editAll: '你可以修改每一行。',
    editParts: (parts) => join('你可以修改', list(parts), '，其余部分已锁定。'),
    editNothing: '输入已锁定。',
    met: '目标已达成',
    notYet: '还没有达成。',
    why: (mode, goal, check, shape) => {
      if (check.met) return '';
      const subject = goal.kind === 'grad' ? `${goal.name}.grad` : mode === 'shapes' ? '结果' : goal.kind === 'shape' ? goal.name : '';
      switch (check.why) {
        case 'predict':
          return '';
        case 'error':
          return `第 ${check.line} 行报错。`;
        case 'inputs':
          return '有一个操作数无法读取。';
        case 'op-error':
          return '运算报错。';
        case 'unbound':
          return join('程序没有给', check.name, '赋值。');
        case 'not-tensor':
          return join(check.name, '不是张量。');
        case 'no-grad':
          return mode === 'code' ? join('没有哪个 backward() 给', `${check.name}.grad`, '写入梯度。') : join(check.name, '没有梯度：它的 dtype 不能 requires grad。');
        case 'shape':
          return join(subject, '的形状是', shape, '。');
      }
    },
    score: (right, answered, asked) => `已回答 ${answered} 题（共 ${asked} 题），答对 ${right} 题。`,
  },
  // The puzzle view's way in.
  puzzles: {
    open: '去做谜题 →',
  },
  link: {
    fromLink: '这个链接中有些内容无法使用：',
    fromPage: '页面给演示的设置中有些内容无法使用：',
    value: (given, instead) => (instead === null ? `“${given}”无法使用，演示忽略了它。` : join(`“${given}”无法使用，演示改用`, instead, '。')),
    cut: (key, length, kept) => join(key, '有', length, '个字符，演示只读取前', kept, '个。'),
    codeProblem: (problem, max) => {
      switch (problem) {
        case 'characters':
          return '这个链接中的程序含有链接里的程序不会有的字符：链接可能在复制之后被改动过。';
        case 'damaged':
          return '这个链接中的程序不完整或已损坏：可能只复制了链接的一部分。';
        case 'not-text':
          return '这个链接中的程序解压后不是文本：链接可能在复制之后被改动过。';
        case 'too-long':
          return join('这个链接中的程序超过', max, '个字符，超出了链接能携带的上限。');
      }
    },
    preset: (text) => `这个链接要打开名为“${text}”的示例，但演示中没有这个示例。`,
    emptyEditor: '编辑器保持为空：请重新获取链接，或者打开一个示例。',
    dismiss: '关闭',
  },
  // ---- The printable worksheet (web/worksheet.html; sheet part).
  worksheet: {
    title: { puzzles: '张量谜题', drills: '形状预测题' },
    sets: { puzzles: '谜题', drills: '预测题' },
    instructions: {
      puzzles: '在每道题的方框里写出函数体，只使用题目允许的运算，不使用循环。写好后打开题目旁的链接输入答案：演示会在 20 组随机输入上运行它，并指出哪里不对。',
      drills: '运行每一行之前，先在旁边的方框里写出这一行得到的每个张量的形状和 dtype；如果这一行会报错，就写“报错”。写完后打开题目旁的链接核对答案。',
    },
    name: '姓名',
    date: '日期',
    pageOf: (k, n) => `第 ${k} 页，共 ${n} 页`,
    allowed: '可以使用：',
    maxLines: (n) => `最多 ${n} 行。`,
    difficulty: (n) => `难度 ${n}/5`,
    checkAt: '在线核对：',
    shape: '形状',
    dtype: 'dtype',
    key: '参考答案',
    keyNote: {
      puzzles: '每道谜题给出一种解法。只用题目允许的运算、在检查器的各组输入上结果都相同的函数体，同样是对的。',
      drills: '每一行的形状和 dtype，由 tensorcast 实际运行程序得出。',
    },
    raises: (pythonType) => `报错（${pythonType}）`,
    keyWorking: '正在计算参考答案…',
    keyFailed: (reason) => `无法计算参考答案：${reason}`,
    noKey: '这一版演示在构建时去掉了答案，所以习题单没有参考答案。',
    set: '题目',
    language: '语言',
    withKey: '参考答案',
    print: '打印',
    unknown: (ids) => `这一组题目里没有${ids.map((id) => `“${id}”`).join('、')}，习题单略去了它们。`,
    ignored: (parts) => `链接中的${parts.map((p) => `“${p}”`).join('、')}在这里无法使用，已忽略。`,
    empty: '没有可打印的内容：链接里没有指定这一组中的任何题目。',
  },
  // 代码模式的预测开关与预测题（predict 部分）。
  codePredict: {
    heading: '逐行预测',
    ask: (line, source, subject) => (subject === null ? `第 ${line} 行：${source}。这一行会得到什么？` : `第 ${line} 行：${source}。${subject} 的形状和 dtype 是什么？`),
    askSummed: (name, from) => `传到 ${name} 的梯度形状是 ${from}。它的哪些维度被求和归约到 ${name}.grad 中？剩下的形状是什么？`,
    shapeLabel: (subject) => (subject === null ? '形状' : `${subject} 的形状`),
    dtypeLabel: (subject) => `${subject} 的 dtype`,
    dimsLabel: (name) => `求和归约到 ${name}.grad 的维度`,
    raises: '这一行会报错',
    dtypeUnreadable: (text) => `“${text}”不是 dtype。请输入 float32、float64、int64、int32、uint8 或 bool（torch.float、long 等 PyTorch 认得的名字也可以）。`,
    dimsUnreadable: (text) => `“${text}”不是维度列表。请输入 0 或 0, 2 这样的维度（按梯度的形状从 0 数起），没有就输入 none 或“无”。`,
    saidDims: (dims) => (dims.length === 0 ? '没有维度被求和' : `第 ${dims.join('、')} 维被求和`),
    answerIs: (subject, shape, dtype) => `${subject} 是 ${shape}，${dtype}。`,
    summedIs: (name, dims, from, shape) =>
      dims.length === 0 ? `没有维度被求和：${name}.grad 是 ${shape}。` : `${from} 的第 ${dims.join('、')} 维被求和归约到 ${name}.grad 中，${name}.grad 是 ${shape}。`,
    raisesIs: (message) => `这一行会报错：${message}`,
    runsFine: '这一行运行时不会报错。',
    why: (line) => `原因：在视图中查看第 ${line} 行`,
    hidden: '在你作答之前，下面的行、print() 的输出和程序的图都先隐藏。',
    viewsHidden: '回答了某一行的问题之后，才能打开这一行的视图。',
    score: (right, asked) => `得分：${asked} 题中答对 ${right} 题。`,
    allRight: '全部预测正确。',
    progress: (answered, asked) => `已回答 ${answered} / ${asked} 题。`,
    again: '重新开始',
    nothing: '这个程序没有生成张量：没有什么可预测的。',
    drill: '预测题',
    hintOf: (n, count) => `提示 ${n} / ${count}：`,
    showHint: '显示提示',
    drillPassed: '预测题通过：每一行都答对了。进度已保存在这个浏览器中。',
    drillFailed: '预测题已完成，但没有全部答对：点“重新开始”再试一次。进度已保存在这个浏览器中。',
    noDrill: (id) => `没有名为“${id}”的预测题。`,
    allPuzzles: '全部谜题和预测题',
  },
  // ---- 网站的 API 页面（web/api.html；离线部分）。
  apiPage: {
    title: '在 JavaScript 中使用 tensorcast：示例',
    intro: '这些是 npm 包 README 中的示例，由这个包直接在本页运行。每行的值显示在该行下方；出错的行会显示它的错误。',
    nav: '页面',
    playground: '演示',
    codeMode: '代码',
    worksheet: '习题单',
    language: '语言',
    run: '运行',
    runAll: '全部运行',
    running: '正在运行…',
    throws: '报错',
    nothingShown: '已运行；没有需要显示值的行。',
    loadFailed: (reason) => `无法加载核心：${reason}`,
  },

  // ---- The iframe page (web/public/embed.html; embed part).
  frame: {
    copyIframe: '复制 iframe 代码',
    copy: '复制',
    link: '链接',
    embed: '嵌入代码',
    iframe: 'iframe',
    iframeTitle: 'tensorcast：PyTorch 广播机制，一步一步看',
  },
};
