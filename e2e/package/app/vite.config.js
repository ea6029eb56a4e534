// Workers as ES modules: the default (iife) cannot hold the package's
// import.meta.url or a top-level await.
export default { worker: { format: 'es' }, logLevel: 'warn' };
