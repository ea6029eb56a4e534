// What the fixes of the playground (web/src/model/fixes.ts) rest on, without
// a page: the core's answers for the rewrites the page tries or refuses,
// and the catalogues' words for a fix's meaning. e2e/fixes.spec.js shows
// the fixes on the page and applies them; tests/web/playground-model.test.js
// ranks them.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const { en, zh } = await loadWeb('i18n/en', 'i18n/zh');

test('no fix is invented when none works: for (5,2,4,1) + (3,1,1) every rewrite the page tries is refused by the core, or stretches both operands', () => {
  const refused = tc.tidy(() => {
    const a = tc.zeros([5, 2, 4, 1]);
    const b = tc.zeros([3, 1, 1]);
    const tries = [b.unsqueeze(-1), b.unsqueeze(1), b.unsqueeze(2), b.reshape([3, 1, 1, 1]), b.squeeze(1), b.squeeze(2), b.transpose(0, 1), b.transpose(0, 2)]
      .map((t) => tc.explain.broadcast(a.shape, t.shape));
    const other = [a.unsqueeze(-1), a.squeeze(3), a.transpose(0, 1), a.transpose(1, 2), a.transpose(0, 2)].map((t) => tc.explain.broadcast(t.shape, b.shape));
    return [...tries, ...other];
  });
  assert.equal(refused.every((r) => r.result === null || r.notes.includes('outer-product')), true);
  assert.equal(refused.some((r) => r.result !== null), true);
});

test('x - x.mean(1), (4,3) - (4,): the words of b.unsqueeze(-1) and of the keepdim hint, and keepdim=True gives the shape the hint names', () => {
  assert.equal(en.fixes.meaning.pairs('a', 'b', 'row'), 'pairs each row of a with one value of b');
  assert.ok(en.fixes.keepdim('b', 'a', 1, '(4, 1)').includes('If b = a.sum(1) (or a.mean(1)), write keepdim=True'));
  // keepdim=True gives the shape the hint names, and that shape broadcasts with a.
  const kept = tc.tidy(() => tc.zeros([4, 3]).sum(1, true).shape);
  assert.deepEqual(kept, [4, 1]);
  assert.deepEqual(tc.explain.broadcast([4, 3], kept).result, [4, 3]);
});

test('the rewrites refused as outer products in disguise broadcast to a shape none of the inputs has', () => {
  // where(c(3,2), a(3,), b(3,2)): a.reshape(3, 1, 1) broadcasts, to (3, 3, 2).
  assert.deepEqual(tc.explain.broadcast([3, 2], [3, 1, 1], [3, 2]).result, [3, 3, 2]);
  // (2,0) + (2,2): b.unsqueeze(-1) would give (2, 2, 0), larger in rank than both.
  assert.deepEqual(tc.explain.broadcast([2, 0], [2, 2, 1]).result, [2, 2, 0]);
});

test('the out-of-place op for an in-place op whose result is larger says so, in both languages', () => {
  assert.ok(en.fixes.meaning.outOfPlace(true).includes('larger than every input'));
  assert.ok(zh.fixes.meaning.outOfPlace(true).includes('比任何输入都大'));
});
