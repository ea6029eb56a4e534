// Type-checks several TypeScript projects with one TypeScript, in one
// process: what `tsc -p <config> --noEmit` reports for each, without a
// process and a fresh parse of the standard library (lib.dom.d.ts is most
// of a check's time) per project. Written for TypeScript 4.7 to 5.x, whose
// JavaScript API this is (TypeScript 7 has none: run its tsc).
//   node type-check.cjs <typescript package folder> <tsconfig.json>...
// Prints a JSON object: each config's path to its diagnostics as tsc prints
// them ('' when there are none).
'use strict';
const path = require('node:path');

const [typescriptDir, ...configs] = process.argv.slice(2);
const ts = require(typescriptDir);

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

// The standard library's files, parsed once for all the projects. They are
// scripts (no imports, no module format), so a parse does not depend on the
// project's module settings; the key keeps the parse's other inputs.
const libDir = path.dirname(ts.getDefaultLibFilePath({}));
const libFiles = new Map();

function hostFor(options) {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (path.dirname(fileName) !== libDir) return parse.call(host, fileName, languageVersion, ...rest);
    const key = `${fileName} ${JSON.stringify(languageVersion)}`;
    if (!libFiles.has(key)) libFiles.set(key, parse.call(host, fileName, languageVersion, ...rest));
    return libFiles.get(key);
  };
  return host;
}

/** The diagnostics of `tsc -p config --noEmit`, as tsc formats them. */
function check(config) {
  const unrecoverable = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(config, { noEmit: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d),
  });
  if (!parsed) return ts.formatDiagnostics(unrecoverable, formatHost);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: hostFor(parsed.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  // getPreEmitDiagnostics includes the config file's own.
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), formatHost);
}

const results = {};
for (const config of configs) results[config] = check(path.resolve(config));
process.stdout.write(JSON.stringify({ version: ts.version, results }));
