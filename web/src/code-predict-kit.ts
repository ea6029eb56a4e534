// The code mode's predict switch and its drills (code-mode-predict.ts,
// code-mode-drill.ts and their views), one chunk that playground.ts loads
// when the switch is first on in the code mode or a drill link opens: the
// landing page does not carry them.
export { CodePredict } from './code-mode-predict.js';
export { DrillRoute } from './code-mode-drill.js';
export { codePredictBlock } from './views/code-predict.js';
export { drillHead } from './views/drill-head.js';
export { sendResult } from './result-event.js';
