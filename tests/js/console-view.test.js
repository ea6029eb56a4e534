// The DevTools formatter of tensors (Note [Tensors in the browser console]
// in bindings/ts/console-view.ts), called as DevTools calls it; and under
// Node the package adds no global (Node's console prints the repr itself).
// e2e/package/console.spec.js reads what Chromium's console gets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tensorFormatter } from '../../dist/console-view.js';
import { Tensor } from 'tensorcast';
import { tc } from './helpers.js';

const formatter = tensorFormatter((value) => value instanceof Tensor);
const text = (ml) => (typeof ml === 'string' ? ml : ml.slice(2).map(text).join(''));

test('under Node the package installs no devtoolsFormatters global', () => {
  assert.equal(tc.ones(1) instanceof Tensor, true);
  assert.equal('devtoolsFormatters' in globalThis, false);
});

test('a tensor\'s header is its repr; its body its shape, dtype, requiresGrad, gradFn and grad; other values are not its business', () => {
  const w = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32', requiresGrad: true });
  const y = w.mul(2);
  y.sum().backward();
  assert.equal(text(formatter.header(y)), 'tensor([[2., 4.],\n        [6., 8.]], grad_fn=<MulBackward0>)');
  assert.equal(formatter.hasBody(y), true);
  assert.deepEqual(formatter.body(y).slice(2).map(text), ['shape: [2, 2]', 'dtype: float32', 'requiresGrad: true', 'gradFn: MulBackward0', 'grad: null']);
  const body = formatter.body(w);
  assert.equal(body[6][3][1].object, w.grad, 'the grad, embedded for DevTools to format in turn');
  for (const other of [{}, null, 3, 'tensor', [w]]) {
    assert.equal(formatter.header(other), null);
    assert.equal(formatter.hasBody(other), false);
  }
  w.dispose();
  assert.equal(text(formatter.header(w)), 'tensor(<disposed>)');
  assert.equal(formatter.hasBody(w), false);
  assert.equal(formatter.body(w), null);
});
