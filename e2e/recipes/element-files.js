// The element as a teacher copies it into a course project: web/dist's
// tensorcast-playground.js and its assets/ folder (the lazily loaded chunks
// and the .wasm it finds beside itself through import.meta.url), side by
// side in one folder of the project.
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const webDist = join(root, 'web/dist');

/** Copies the element's files into dir (made if missing); only the served files, not their .br/.gz twins. */
export async function copyElement(dir) {
  await mkdir(dir, { recursive: true });
  await cp(join(webDist, 'tensorcast-playground.js'), join(dir, 'tensorcast-playground.js'));
  await cp(join(webDist, 'assets'), join(dir, 'assets'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
}
