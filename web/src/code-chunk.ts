// What only the code mode uses, in a chunk of its own: the two-shape page, the landing
// page, loads it when the code mode first opens (a link into the code mode, the switch),
// so that a phone's first render does not wait for it (bench/lighthouse.js).
export { CodeMode } from './code-mode.js';
export { mountProgramViews } from './code-mode-views.js';
export { FIRST_PROGRAM, PROGRAM_PRESETS } from './code-presets.js';
export { programEdits } from './model/program-fixes.js';
export { statementAt } from './model/program.js';
export { codePanel, warningWords } from './views/code-panel.js';
