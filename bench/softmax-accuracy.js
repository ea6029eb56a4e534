// How far tensorcast's softmax, log_softmax and logsumexp over the last dim
// are from PyTorch 1.13's on [4096, 1024] float32 inputs (Note [Softmax
// rows], src/ops/softmax.cpp): the largest difference in units of the
// tests' tolerance (|got - want| / max(1, |want|), which the tests allow up
// to 2e-6), the largest in float32 ulps among expected values of 1e-6 and
// more (below, an ulp is no measure: exp's underflow, a log_softmax of
// about -6e-8 against 0), and the share of results equal bit for bit. The inputs and PyTorch's results
// come from tests/js/fixtures/softmax/make_fixtures.py --measure DIR.
//
//   /usr/bin/python3 tests/js/fixtures/softmax/make_fixtures.py --measure /tmp/softmax-measure
//   node bench/softmax-accuracy.js /tmp/softmax-measure [DIST]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { DIST } from './harness.js';

const [dir, dist = DIST] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/softmax-accuracy.js DIR [DIST]');
const { init } = await import(pathToFileURL(path.join(path.resolve(dist), 'index.js')).href);
const tc = await init();

const f32 = (file) => {
  const bytes = readFileSync(path.join(dir, file));
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
};

// The distance of b from a in float32 ulps (a and b finite).
const bits = new DataView(new ArrayBuffer(4));
function ordered(v) {
  bits.setFloat32(0, v);
  const i = bits.getInt32(0);
  return i < 0 ? -(i & 0x7fffffff) : i;
}

function compare(got, want) {
  let rel = 0, ulps = 0, same = 0, special = 0;
  for (let i = 0; i < want.length; i++) {
    const g = got[i], w = want[i];
    if (Object.is(g, w)) same++;
    if (!Number.isFinite(w) || !Number.isFinite(g)) {
      if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) special++;
      continue;
    }
    rel = Math.max(rel, Math.abs(g - w) / Math.max(1, Math.abs(w)));
    if (Math.abs(w) >= 1e-6) ulps = Math.max(ulps, Math.abs(ordered(g) - ordered(w)));
  }
  return { rel, ulps, same: same / want.length, special };
}

const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
console.log(`PyTorch ${index.torch} against ${path.resolve(dist)}`);
console.log('input | op | max |diff| / max(1, |want|) | max ulps (|want| >= 1e-6) | equal bits | special values differing');
for (const input of index.inputs) {
  const x = tc.tensor(f32(input.files.x), { shape: input.shape });
  const ops = {
    softmax: () => x.softmax(-1),
    log_softmax: () => x.logSoftmax(-1),
    logsumexp: () => x.logsumexp(-1),
  };
  for (const [op, run] of Object.entries(ops)) {
    const y = run();
    const r = compare(y.data(), f32(input.files[op]));
    y.dispose();
    console.log(`${input.name} | ${op} | ${r.rel.toExponential(2)} | ${r.ulps} | ${(100 * r.same).toFixed(1)}% | ${r.special}`);
  }
  x.dispose();
}
