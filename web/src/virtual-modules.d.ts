// Modules the build makes (web/puzzles-plugin.ts).
declare module 'virtual:tensorcast-puzzles' {
  const entries: import('./model/puzzle-set.js').ShippedEntry[];
  export default entries;
}
