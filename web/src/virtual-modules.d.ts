// Modules the build makes (web/puzzles-plugin.ts).
declare module 'virtual:tensorcast-puzzles' {
  const entries: import('./model/puzzle-set.js').ShippedEntry[];
  export default entries;
  /** 'hide' in a build without solutions (Note [Answer-free build] in web/puzzles-plugin.ts). */
  export const solutions: 'show' | 'hide';
}

// The package README's examples, compiled at build time (web/api-examples-plugin.ts).
declare module 'virtual:tensorcast-api-examples' {
  export const EXAMPLES: import('./model/api-run.js').Example<import('tensorcast').Tensorcast>[];
}

// Vite's inlined worker (`?worker&inline`): a constructor of the worker, its script in the bundle (src/program-spawn-inline.ts).
declare module '*?worker&inline' {
  const InlineWorker: new (options?: { name?: string }) => Worker;
  export default InlineWorker;
}
