// What a link opens, read as the playground reads a hash: the two-shape
// state, the code mode's program (unpacked), its line and run, an example,
// an exercise, a puzzle route, a drill, and the iframe page's element
// attributes, with the keys it could not use; or the printable worksheet's options. tests/web/link-versions.test.js
// compares this with what fixtures/links-v1.json recorded; fixtures/links-v1.make.js
// recorded it.
import { loadWeb } from './bundle.js';

export const web = await loadWeb('model/url', 'model/code-link', 'model/exercise', 'model/puzzle-route', 'model/frame-options', 'model/link-version', 'model/props', 'model/worksheet');

/** Everything a link opens, as plain data: the printable worksheet's options, or what the playground's hash opens. */
export async function opens(link) {
  const url = new URL(link);
  return url.pathname.endsWith('/worksheet.html') ? web.parseWorksheetHash(url.hash) : playgroundOpens(url.hash);
}

async function playgroundOpens(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const { state, problems } = web.stateFromHashChecked(hash);
  const link = web.codeLinkFromHash(hash);
  const code = link.packed === null ? null : await web.unpackCode(link.packed);
  const exercise = web.readExercise((k) => params.get(k), state.mode, true);
  const route = web.puzzleRoute(hash);
  return {
    state,
    code,
    line: link.line,
    run: link.run ?? null,
    preset: link.preset ?? null,
    exercise: exercise.exercise,
    route,
    solutionsHidden: web.solutionsHidden(hash, null),
    drill: web.drillFromHash(hash),
    frame: web.frameAttributes(hash),
    // A puzzle route's keys are its own (view=puzzles is no view of the two-shape mode): the page lists no problem of the state's there.
    problems: route !== null ? [] : [...problems, ...(link.problems ?? []), ...exercise.problems],
  };
}
