// The examples of PyTorch's note "Broadcasting semantics" and of the usual
// lessons on broadcasting (tests/js/examples.test.js runs each through the
// package), titled in both languages, and classic pitfalls. What PyTorch answers for each is checked
// by the e2e tests (e2e/presets.spec.js), not written here, nor in a title: a title names the
// question, never its answer (the learner may be predicting it; e2e/predict.spec.js checks).
import type { State } from './state.js';

export interface Preset {
  id: string;
  title: { en: string; zh: string };
  state: Partial<State>;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'same',
    title: { en: '(5,7,3) + (5,7,3): two identical shapes', zh: '(5,7,3) + (5,7,3)：两个相同的形状' },
    state: { a: '5,7,3', b: '5,7,3', op: 'add' },
  },
  {
    id: 'trailing',
    title: { en: '(5,3,4,1) + (3,1,1): four dims against three', zh: '(5,3,4,1) + (3,1,1)：四个维度对三个维度' },
    state: { a: '5,3,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'mismatch',
    title: { en: '(5,2,4,1) + (3,1,1): check each dim from the right', zh: '(5,2,4,1) + (3,1,1)：从右往左逐个检查维度' },
    state: { a: '5,2,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'result-size',
    title: { en: '(5,1,4,1) + (3,1,1): how large is the result?', zh: '(5,1,4,1) + (3,1,1)：结果有多大？' },
    state: { a: '5,1,4,1', b: '3,1,1', op: 'add' },
  },
  {
    id: 'one-dim',
    title: { en: '(1,) + (3,1,7): one dim against three', zh: '(1,) + (3,1,7)：一个维度对三个维度' },
    state: { a: '1', b: '3,1,7', op: 'add' },
  },
  {
    id: 'zero-2x2',
    title: { en: '(0,) + (2,2): a dim of size 0', zh: '(0,) + (2,2)：大小为 0 的维度' },
    state: { a: '(0,)', b: '2,2', op: 'add' },
  },
  {
    id: 'zero-573',
    title: { en: 'torch.ones((0,)) + torch.ones(5,7,3): the notebook’s example', zh: 'torch.ones((0,)) + torch.ones(5,7,3)：笔记中的例子' },
    state: { a: '(0,)', b: '5,7,3', op: 'add' },
  },
  {
    id: 'zero-one',
    title: { en: '(0,) + (1,): size 0 meets size 1', zh: '(0,) + (1,)：大小 0 遇上大小 1' },
    state: { a: '(0,)', b: '(1,)', op: 'add' },
  },
  {
    id: 'scalar',
    title: { en: '() + (2,3): a 0-dim tensor', zh: '() + (2,3)：0 维张量' },
    state: { a: '()', b: '2,3', op: 'add' },
  },
  {
    id: 'pad-front',
    title: { en: '(5,2,4,1) + (1,1): a shape with fewer dims', zh: '(5,2,4,1) + (1,1)：维度较少的形状' },
    state: { a: '5,2,4,1', b: '1,1', op: 'add' },
  },
  {
    id: 'values',
    title: { en: '[[1,2,3],[4,5,6]] + [1,2,3]: the values, element by element', zh: '[[1,2,3],[4,5,6]] + [1,2,3]：逐个元素看数值' },
    state: { a: '2,3', b: '3', op: 'add', fa: 'custom', va: '1,2,3,4,5,6', fb: 'custom', vb: '1,2,3', view: 'strides' },
  },
  {
    id: 'case-1-3',
    title: { en: '(2,3) + (1,3): one row against two', zh: '(2,3) + (1,3)：一行对两行' },
    state: { a: '2,3', b: '1,3', op: 'add' },
  },
  {
    id: 'case-2-4',
    title: { en: '(2,3) + (2,4): three columns against four', zh: '(2,3) + (2,4)：三列对四列' },
    state: { a: '2,3', b: '2,4', op: 'add' },
  },
  {
    id: 'grad',
    title: { en: 'A=[1,2,3], B=[1]: what are A.grad and B.grad?', zh: 'A=[1,2,3]，B=[1]：A.grad 和 B.grad 是什么？' },
    state: { a: '3', b: '1', op: 'add', fa: 'custom', va: '1,2,3', fb: 'custom', vb: '1', loss: 'sum', view: 'grad' },
  },
  {
    id: 'inplace-ok',
    title: { en: 'a(5,3,4,1).add_(b(3,1,1)): in place', zh: 'a(5,3,4,1).add_(b(3,1,1))：原地运算' },
    state: { a: '5,3,4,1', b: '3,1,1', op: 'add_', view: 'inplace' },
  },
  {
    id: 'inplace-fail',
    title: { en: 'a(1,3,1).add_(b(3,1,7)): in place, with 1s in a', zh: 'a(1,3,1).add_(b(3,1,7))：原地运算，a 中有 1' },
    state: { a: '1,3,1', b: '3,1,7', op: 'add_', view: 'inplace' },
  },
  {
    id: 'backcompat',
    title: { en: 'ones(4,1) + ones(4): the same number of elements', zh: 'ones(4,1) + ones(4)：元素个数相同' },
    state: { a: '4,1', b: '4', op: 'add', fa: 'ones', fb: 'ones' },
  },
  {
    id: 'outer',
    title: { en: 'Pitfall: (3,) + (3,1), a vector and a column', zh: '陷阱：(3,) + (3,1)，一个向量加一个列向量' },
    state: { a: '3', b: '3,1', op: 'add' },
  },
  {
    id: 'unsqueeze',
    title: { en: 'Pitfall: (2,3) + (2,), one value per row?', zh: '陷阱：(2,3) + (2,)，每行一个值？' },
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
    title: { en: 'torch.where(c(3,1), a(3,), b(1,)): three shapes', zh: 'torch.where(c(3,1), a(3,), b(1,))：三个形状' },
    state: { op: 'where', c: '3,1', a: '3', b: '1' },
  },
];
