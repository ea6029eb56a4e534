// The puzzle view's texts (web/src/puzzle-view.ts), per language. They are
// a catalogue of their own rather than a block of en.ts and zh.ts because
// the puzzle view is a chunk loaded only when a puzzle route opens: the
// landing page's first paint carries none of them. Terms as in GLOSSARY.md.
// PyTorch's own messages (an answer's error) stay in English, as everywhere.
import type { FailureReason } from '../model/puzzle-check.js';
import type { ImportProblem } from '../model/progress.js';
import { formatCount, formatShape } from '../model/format.js';
import type { Lang } from '../model/state.js';

export interface PuzzleTexts {
  /** The list's heading and what it is. */
  listTitle: string;
  listIntro: string;
  /** Links to the printable worksheet (worksheet.html) of each set. */
  printSets: string;
  printPuzzles: string;
  printDrills: string;
  /** Beside an entry: solved or not, and what kind it is. */
  solved: string;
  unsolved: string;
  puzzle: string;
  drill: string;
  difficulty(n: number): string;
  /** An entry's attempts so far. */
  attempts(n: number): string;
  /** Back to the list from a puzzle. */
  back: string;
  /** A link names no puzzle of the set. */
  notFound(id: string): string;
  /** The editor's accessible name. */
  editor: string;
  /** Under the editor: write the body under the def line; what the answer may use. */
  writeBody: string;
  /** The functions of the student's earlier passing answers, which this answer may call. */
  earlier(names: string[]): string;
  allowed(items: string): string;
  maxLines(n: number): string;
  check: string;
  /** The answer passed every test case. */
  passed(count: number): string;
  /** The answer failed: where (line of the body, or none). */
  failedAt(line: number | null): string;
  failure(reason: FailureReason): string;
  /** The failing test case: its sizes, its inputs, the answer's result and the reference's. */
  failingCase: string;
  sizes: string;
  inputs: string;
  yours: string;
  expected: string;
  noResult: string;
  /** The program views, opened at the first wrong line: line `body` of the answer, `program` of the whole program they show. */
  explaining(body: number, program: number): string;
  /** The materialised-elements report. */
  elements(yours: number, reference: number): string;
  hints: string;
  /** Before the k-th hint's text, with this language's colon. */
  hint(k: number, n: number): string;
  nextHint(left: number): string;
  /** The solution: shown on a click once `after` checks failed; before that, how many more. */
  showSolution: string;
  solutionAfter(left: number): string;
  solution: string;
  solutionsHidden: string;
  /** Progress: export and import as a file. */
  progress: string;
  exportProgress: string;
  importProgress: string;
  imported: string;
  importProblem(problem: ImportProblem): string;
  /** Storage blocked: progress lasts for this visit only. */
  blocked: string;
  /** A drill: opened in the code mode with predict on. */
  openDrill: string;
}

const en: PuzzleTexts = {
  listTitle: 'Puzzles and drills',
  printSets: 'Print as a worksheet:',
  printPuzzles: 'the puzzles',
  printDrills: 'the drills',
  listIntro: 'Each puzzle asks for the body of one function, written with a few tensor operations; the core checks it on 20 test cases. Each drill is a short program whose shapes you predict line by line.',
  solved: 'Solved',
  unsolved: 'Not solved yet',
  puzzle: 'Puzzle',
  drill: 'Drill',
  difficulty: (n) => `Difficulty ${n} of 5`,
  attempts: (n) => (n === 1 ? '1 check' : `${n} checks`),
  back: 'All puzzles',
  notFound: (id) => `This link asks for a puzzle called “${id}”, and the set has none by that name.`,
  editor: 'Your answer',
  writeBody: 'Write the body of the function under its def line. The def line itself is not read.',
  earlier: (names) => `Your answers to earlier puzzles may be called too: ${names.join(', ')}.`,
  allowed: (items) => `Allowed: ${items}. Reading x.shape, x.dtype, x.ndim, x.dim(), x.size() and x.numel() is always allowed.`,
  maxLines: (n) => (n === 1 ? 'At most 1 line.' : `At most ${n} lines.`),
  check: 'Check',
  passed: (count) => `Right: your answer gives the expected result on all ${count} test cases.`,
  failedAt: (line) => (line === null ? 'Not yet.' : `Not yet: line ${line} of your answer.`),
  failure: (r) => {
    switch (r.kind) {
      case 'lines':
        return `Your answer has ${r.count} lines; this puzzle allows ${r.max}.`;
      case 'loop':
        return 'A loop: this puzzle is solved with whole tensors, without for or while.';
      case 'call':
        return `${r.op} is not allowed in this puzzle (allowed: ${r.allowed.join(' ')}).`;
      case 'error':
        return `The answer raised ${r.pythonType}: ${r.message}`;
      case 'type':
        return `The answer returns ${r.got}, not a tensor.`;
      case 'shape':
        return `The result has shape ${formatShape(r.got)} where ${formatShape(r.want)} is expected.`;
      case 'dtype':
        return `The result has dtype ${r.got} where ${r.want} is expected.`;
      case 'values':
        return 'The shape and dtype are right, but some values differ from the expected ones.';
    }
  },
  failingCase: 'The test case it fails on',
  sizes: 'Sizes',
  inputs: 'Inputs',
  yours: 'Yours',
  expected: 'Expected',
  noResult: '(no result)',
  explaining: (body, program) => `Your answer, run on this test case. The program below has import torch and the def line above your body, so line ${body} of your answer is its line ${program}, opened here:`,
  elements: (yours, reference) =>
    `Your answer allocates ${formatCount(yours)} ${yours === 1 ? 'element' : 'elements'} on the largest test case; the reference allocates ${formatCount(reference)}. A view (x[:, None], expand, .T) allocates none.`,
  hints: 'Hints',
  hint: (k, n) => `Hint ${k} of ${n}: `,
  nextHint: (left) => (left === 1 ? 'Show a hint (1 left)' : `Show a hint (${left} left)`),
  showSolution: 'Show the solution',
  solutionAfter: (left) => (left === 1 ? 'The solution can be shown after 1 more check.' : `The solution can be shown after ${left} more checks.`),
  solution: 'A solution',
  solutionsHidden: 'Solutions are turned off on this page.',
  progress: 'Your progress is kept in this browser.',
  exportProgress: 'Export progress',
  importProgress: 'Import progress',
  imported: 'Progress imported.',
  importProblem: (problem) => {
    switch (problem) {
      case 'not-json':
        return 'That file is not a progress file: it is not JSON.';
      case 'other-set':
        return 'That file holds the progress of another puzzle set.';
      case 'not-progress':
        return 'That file is not a progress file exported here.';
    }
  },
  blocked: 'This page cannot use the browser’s storage (a frame or a privacy setting blocks it): your progress and drafts last only until the page is closed. Export your progress to keep it.',
  openDrill: 'Open the drill',
};

const zh: PuzzleTexts = {
  listTitle: '谜题与预测题',
  printSets: '打印成习题单：',
  printPuzzles: '谜题',
  printDrills: '预测题',
  listIntro: '每道谜题要求写出一个函数的函数体，只能用少数几种张量运算；核心会在 20 个测试用例上检查它。每道预测题是一段短程序，逐行预测它的形状。',
  solved: '已解决',
  unsolved: '尚未解决',
  puzzle: '谜题',
  drill: '预测题',
  difficulty: (n) => `难度 ${n}/5`,
  attempts: (n) => `已检查 ${n} 次`,
  back: '全部谜题',
  notFound: (id) => `这个链接要打开名为“${id}”的谜题，但谜题集里没有这个名字。`,
  editor: '你的答案',
  writeBody: '在 def 行下面写出函数体。def 行本身不会被读取。',
  earlier: (names) => `也可以调用你前面谜题的答案：${names.join('、')}。`,
  allowed: (items) => `允许使用：${items}。读取 x.shape、x.dtype、x.ndim、x.dim()、x.size() 和 x.numel() 总是允许的。`,
  maxLines: (n) => `最多 ${n} 行。`,
  check: '检查',
  passed: (count) => `正确：你的答案在全部 ${count} 个测试用例上都得到了预期的结果。`,
  failedAt: (line) => (line === null ? '还不对。' : `还不对：你的答案第 ${line} 行。`),
  failure: (r) => {
    switch (r.kind) {
      case 'lines':
        return `你的答案有 ${r.count} 行，这道谜题最多允许 ${r.max} 行。`;
      case 'loop':
        return '用了循环：这道谜题要用整个张量来解，不能用 for 或 while。';
      case 'call':
        return `这道谜题不允许用 ${r.op}（允许的是：${r.allowed.join(' ')}）。`;
      case 'error':
        return `答案运行时报错 ${r.pythonType}：${r.message}`;
      case 'type':
        return `答案返回的是 ${r.got}，不是张量。`;
      case 'shape':
        return `结果的形状是 ${formatShape(r.got)}，预期是 ${formatShape(r.want)}。`;
      case 'dtype':
        return `结果的 dtype 是 ${r.got}，预期是 ${r.want}。`;
      case 'values':
        return '形状和 dtype 都对，但有些值和预期的不同。';
    }
  },
  failingCase: '出错的测试用例',
  sizes: '大小',
  inputs: '输入',
  yours: '你的结果',
  expected: '预期结果',
  noResult: '（没有结果）',
  explaining: (body, program) => `你的答案在这个测试用例上的运行。下面的程序在你的函数体之前加了 import torch 和 def 行，所以你的答案第 ${body} 行是它的第 ${program} 行，已在这里打开：`,
  elements: (yours, reference) =>
    `在最大的测试用例上，你的答案分配了 ${formatCount(yours)} 个元素；参考答案分配了 ${formatCount(reference)} 个。view（x[:, None]、expand、.T）不分配元素。`,
  hints: '提示',
  hint: (k, n) => `提示 ${k}/${n}：`,
  nextHint: (left) => `显示一条提示（还剩 ${left} 条）`,
  showSolution: '显示参考答案',
  solutionAfter: (left) => `再检查 ${left} 次之后，可以显示参考答案。`,
  solution: '参考答案',
  solutionsHidden: '这个页面关闭了参考答案。',
  progress: '你的进度保存在这个浏览器里。',
  exportProgress: '导出进度',
  importProgress: '导入进度',
  imported: '进度已导入。',
  importProblem: (problem) => {
    switch (problem) {
      case 'not-json':
        return '这个文件不是进度文件：它不是 JSON。';
      case 'other-set':
        return '这个文件保存的是另一个谜题集的进度。';
      case 'not-progress':
        return '这个文件不是从这里导出的进度文件。';
    }
  },
  blocked: '这个页面无法使用浏览器的存储（被框架或隐私设置阻止）：你的进度和草稿只保留到关闭页面为止。请导出进度来保存它。',
  openDrill: '打开预测题',
};

export function puzzleTexts(lang: Lang): PuzzleTexts {
  return lang === 'zh' ? zh : en;
}

