// The code mode's runner (web/src/program-runner.ts) with stand-in workers:
// which worker a run goes to, and which worker a cancelled run ends. The
// worker's own side (program-worker.ts) runs in the e2e tests; here only
// the runner's bookkeeping, which a page cannot observe directly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const { ProgramRunner } = await loadWeb('program-runner');
const tc = await init();

/** A worker that answers what it is posted when told to: start with ready(), a run with answer(). */
class FakeWorker {
  constructor(log) {
    this.log = log;
    this.posted = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
  }
  postMessage(message) {
    this.posted.push(message.kind);
    this.log.push(`${this.name} got ${message.kind}`);
  }
  terminate() {
    this.terminated = true;
    this.log.push(`${this.name} ended`);
  }
  ready() {
    this.onmessage({ data: { kind: 'ready' } });
  }
  answer(id) {
    const program = tc.run('x = 1');
    const data = { kind: 'done', id, program: { code: 'x = 1', printed: program.printed }, runMs: 1 };
    program.dispose();
    this.onmessage({ data });
  }
}

function runnerWithFakes() {
  const log = [];
  const workers = [];
  const runner = new ProgramRunner(tc, () => {
    const worker = new FakeWorker(log);
    worker.name = `w${workers.length + 1}`;
    workers.push(worker);
    return worker;
  });
  return { runner, workers, log };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a run cancelled while its worker still starts never reached it: that worker takes the next run', async () => {
  const { runner, workers } = runnerWithFakes();
  const first = runner.run('x = 1', null);
  assert.equal(workers.length, 2, 'the worker for the run and a spare behind it');
  const second = runner.run('x = 2', null);
  assert.equal(await first, null, 'the first run is cancelled');
  assert.equal(workers.length, 2, 'no worker made for the second run');
  assert.deepEqual(workers.map((w) => w.terminated), [false, false]);
  workers[0].ready();
  await tick();
  assert.deepEqual(workers[0].posted, ['start', 'run'], 'only the second run is posted');
  workers[0].answer(2);
  const reply = await second;
  assert.equal(reply.program.code, 'x = 1');
  runner.destroy();
});

test('a run cancelled after it was posted ends its worker; the spare takes the next run', async () => {
  const { runner, workers } = runnerWithFakes();
  const first = runner.run('x = 1', null);
  workers[0].ready();
  workers[1].ready();
  await tick();
  assert.deepEqual(workers[0].posted, ['start', 'run']);
  const ran = runner.stop();
  assert.equal(typeof ran, 'number');
  assert.equal(await first, null);
  assert.equal(workers[0].terminated, true, 'the worker running it is ended (a wasm call cannot be interrupted)');
  const second = runner.run('x = 2', null);
  await tick();
  assert.deepEqual(workers[1].posted, ['start', 'run'], 'the spare, ready, has the run at once');
  assert.equal(workers.length, 3, 'a new spare behind it');
  workers[1].answer(2);
  assert.notEqual(await second, null);
  assert.equal(runner.stop(), null, 'nothing in flight');
  runner.destroy();
  assert.deepEqual(workers.map((w) => w.terminated), [true, true, true]);
});

test('stop() before the worker is ready resolves the run to null and ends no worker', async () => {
  const { runner, workers } = runnerWithFakes();
  const first = runner.run('x = 1', null);
  assert.equal(typeof runner.stop(), 'number');
  assert.equal(await first, null);
  workers[0].ready();
  await tick();
  assert.deepEqual(workers[0].posted, ['start'], 'the stopped run is never posted');
  assert.deepEqual(workers.map((w) => w.terminated), [false, false]);
  runner.destroy();
});
