// The examples of PyTorch's note "Broadcasting semantics" and of the usual
// lessons on broadcasting (tests/js/examples.test.js runs each through the
// package), titled in both languages, and classic pitfalls. What PyTorch answers for each is checked
// by the e2e tests (e2e/presets.spec.js), not written here.
import type { State } from './state.js';

export interface Preset {
  id: string;
  title: { en: string; zh: string };
  state: Partial<State>;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'same',
    title: { en: '(5,7,3) + (5,7,3): same shapes always broadcast', zh: '(5,7,3) + (5,7,3)：相同 shape 显然可广播' },
    state: { a: '5,7,3', b: '5,7,3', op: 'add' },
  },
  {
    id: 'trailing',
    title: { en: '(5,3,4,1) + (3,1,1): trailing dims line up', zh: '(5,3,4,1) + (3,1,1)：尾部维度可以对齐' },
    state: { a: '5,3,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'mismatch',
    title: { en: '(5,2,4,1) + (3,1,1): 2 ≠ 3 at the 3rd trailing dim', zh: '(5,2,4,1) + (3,1,1)：尾部第 3 维 2 ≠ 3，不可广播' },
    state: { a: '5,2,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'result-size',
    title: { en: '(5,1,4,1) + (3,1,1) → (5,3,4,1): the result size', zh: '(5,1,4,1) + (3,1,1) → (5,3,4,1)：结果大小的计算' },
    state: { a: '5,1,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'one-dim',
    title: { en: '(1,) + (3,1,7): lining up is not necessary', zh: '(1,) + (3,1,7)：不必对齐也能广播' },
    state: { a: '1', b: '3,1,7', op: 'add' },
  },
  {
    id: 'zero-2x2',
    title: { en: '(0,) + (2,2): one dim of size 0, not “no dims”', zh: '(0,) + (2,2)：一个大小为 0 的维度，并非“没有维度”' },
    state: { a: '(0,)', b: '2,2', op: 'add' },
  },
  {
    id: 'zero-573',
    title: { en: 'torch.ones((0,)) + torch.ones(5,7,3): the notebook’s error', zh: 'torch.ones((0,)) + torch.ones(5,7,3)：笔记中的报错' },
    state: { a: '(0,)', b: '5,7,3', op: 'add' },
  },
  {
    id: 'zero-one',
    title: { en: '(0,) + (1,) → (0,): a 1 yields, even to 0', zh: '(0,) + (1,) → (0,)：1 让位，即使对方是 0' },
    state: { a: '(0,)', b: '(1,)', op: 'add' },
  },
  {
    id: 'scalar',
    title: { en: '() + (2,3): a 0-dim tensor broadcasts with anything', zh: '() + (2,3)：0 维张量可以与任何张量广播' },
    state: { a: '()', b: '2,3', op: 'add' },
  },
  {
    id: 'pad-front',
    title: { en: '(5,2,4,1) + (1,1): 1s are added in front', zh: '(5,2,4,1) + (1,1)：在前面补 1' },
    state: { a: '5,2,4,1', b: '1,1', op: 'add' },
  },
  {
    id: 'values',
    title: { en: '[[1,2,3],[4,5,6]] + [1,2,3] = [[2,4,6],[5,7,9]]', zh: '[[1,2,3],[4,5,6]] + [1,2,3] = [[2,4,6],[5,7,9]]' },
    state: { a: '2,3', b: '3', op: 'add', fa: 'custom', va: '1,2,3,4,5,6', fb: 'custom', vb: '1,2,3', view: 'strides' },
  },
  {
    id: 'case-1-3',
    title: { en: '(2,3) + (1,3): a size 1 is stretched', zh: '(2,3) + (1,3)：大小为 1 的维度被扩展' },
    state: { a: '2,3', b: '1,3', op: 'add' },
  },
  {
    id: 'case-2-4',
    title: { en: '(2,3) + (2,4): sizes > 1 that differ cannot broadcast', zh: '(2,3) + (2,4)：大于 1 且不相等的大小不能广播' },
    state: { a: '2,3', b: '2,4', op: 'add' },
  },
  {
    id: 'grad',
    title: { en: 'A=[1,2,3], B=[1]: A.grad = [1,1,1], B.grad = [3]', zh: 'A=[1,2,3]，B=[1]：A.grad = [1,1,1]，B.grad = [3]' },
    state: { a: '3', b: '1', op: 'add', fa: 'custom', va: '1,2,3', fb: 'custom', vb: '1', loss: 'sum', view: 'grad' },
  },
  {
    id: 'inplace-ok',
    title: { en: 'a(5,3,4,1).add_(b(3,1,1)): a keeps its shape', zh: 'a(5,3,4,1).add_(b(3,1,1))：a 保持形状' },
    state: { a: '5,3,4,1', b: '3,1,1', op: 'add_', view: 'inplace' },
  },
  {
    id: 'inplace-fail',
    title: { en: 'a(1,3,1).add_(b(3,1,7)): in place, a cannot grow', zh: 'a(1,3,1).add_(b(3,1,7))：原地操作不能让 a 变大' },
    state: { a: '1,3,1', b: '3,1,7', op: 'add_', view: 'inplace' },
  },
  {
    id: 'backcompat',
    title: { en: 'ones(4,1) + ones(4) → (4,4): the backcompat warning', zh: 'ones(4,1) + ones(4) → (4,4)：向后兼容警告' },
    state: { a: '4,1', b: '4', op: 'add', fa: 'ones', fb: 'ones' },
  },
  {
    id: 'outer',
    title: { en: 'Pitfall: (3,) + (3,1) → (3,3), an outer product', zh: '陷阱：(3,) + (3,1) → (3,3)，变成了外积' },
    state: { a: '3', b: '3,1', op: 'add' },
  },
  {
    id: 'unsqueeze',
    title: { en: 'Pitfall: (2,3) + (2,): needs b.unsqueeze(-1)', zh: '陷阱：(2,3) + (2,)：需要 b.unsqueeze(-1)' },
    state: { a: '2,3', b: '2', op: 'add' },
  },
  {
    id: 'view-T',
    title: { en: '(2,3).T + (3,1): a transposed view, its loops reordered', zh: '(2,3).T + (3,1)：转置视图，循环顺序被重排' },
    state: { a: '2,3', ta: '.T', b: '3,1', op: 'add', view: 'strides' },
  },
  {
    id: 'view-coalesce',
    title: { en: '(2,3,4).transpose(0, 1) + (4,): reordered, then two loops merge', zh: '(2,3,4).transpose(0, 1) + (4,)：先重排，再合并两个循环' },
    state: { a: '2,3,4', ta: '.transpose(0, 1)', b: '4', op: 'add', view: 'strides' },
  },
  {
    id: 'where',
    title: { en: 'torch.where(c(3,1), a(3,), b(1,)): three shapes broadcast', zh: 'torch.where(c(3,1), a(3,), b(1,))：三个形状一起广播' },
    state: { op: 'where', c: '3,1', a: '3', b: '1' },
  },
];
