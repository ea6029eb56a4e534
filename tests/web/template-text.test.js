// template-text.js, the reader of lit templates the view tests use: what it
// finds, what it leaves out, and what it refuses.
import assert from 'node:assert/strict';
import test from 'node:test';
import { html } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { templateHtml, templateText, testIdTexts } from './template-text.js';

const item = (name, text) => html`<li><code data-testid=${`call-${name}`}>${text}</code></li>`;
const panel = html`<p class="notice" data-testid="said">a &lt; b: ${'x < y'}</p>
  <ul>${['a', 'b'].map((n) => item(n, `grad.sum(${n})`))}</ul>${''}${null}
  <p data-testid="nested">out <span>${html`<b>${3}</b>`}</span> done</p>`;

test('an element\'s text by its data-testid: values escaped and read back, nested templates and arrays, tags left out', () => {
  assert.deepEqual(testIdTexts(panel, 'said'), ['a < b: x < y']);
  assert.deepEqual(testIdTexts(panel, 'call-a'), ['grad.sum(a)']);
  assert.deepEqual(testIdTexts(panel, 'call-b'), ['grad.sum(b)']);
  assert.deepEqual(testIdTexts(panel, 'nested'), ['out 3 done']);
  assert.deepEqual(testIdTexts(panel, 'call'), []);
  assert.deepEqual(testIdTexts(panel, 'missing'), []);
  assert.equal(templateText(panel), 'a < b: x < y grad.sum(a)grad.sum(b) out 3 done');
  // An attribute's value stays in its tag: it is not text.
  assert.ok(templateHtml(panel).includes('data-testid="call-a"'));
  assert.ok(!templateText(html`<p title=${'hidden'}>shown</p>`).includes('hidden'));
});

test('a directive is refused, not read as nothing', () => {
  assert.throws(() => templateHtml(html`<p>${classMap({ a: true })}</p>`), /template-text: cannot read/);
  assert.throws(() => templateHtml(html`<p class=${classMap({ a: true })}></p>`), /template-text: an attribute value of type object/);
});
