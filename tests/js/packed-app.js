// The package as a user installs it: dist/ packed by npm, installed from the
// tarball (offline) into a fresh module app in a temp folder. For tests that
// read or run what `npm install tensorcast` gives.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Packs dist/ into a new temp folder named from prefix and installs it in its app/; resolves to both folders (the caller removes work). */
export async function packedApp(prefix) {
  const work = await mkdtemp(join(tmpdir(), prefix));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  const app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, JSON.parse(stdout)[0].filename)], { cwd: app });
  return { work, app };
}
