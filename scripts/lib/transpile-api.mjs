// The API build of `npm start`, `npm test` and `npm run e2e`: every file of
// functions/src turned into JavaScript on its own (TypeScript's transpileModule),
// with functions/tsconfig.build.json's options. The compiler's own build (`tsc`,
// which `npm run build` and so every deploy runs) first loads the whole program,
// the packages' type declarations included, to check it: 7-9 s of CPU here,
// where this takes about 4 s. The output is the same, file for file: the base
// config sets isolatedModules, so no file's JavaScript depends on another's
// types (scripts/test/transpile-api.test.mjs compares the two). The types are
// checked by `npm test` (typecheck: functions) and by `npm run build`.
//
// `node scripts/lib/transpile-api.mjs [outDir]`; plain Node and the typescript package.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Transpiles functions/src into `outDir` (default: the config's, functions/lib); returns the files written. */
export function transpileApi({ root = ROOT, outDir } = {}) {
  const configPath = join(root, 'functions', 'tsconfig.build.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
  if (parsed.errors.length) throw new Error(parsed.errors.map((each) => ts.flattenDiagnosticMessageText(each.messageText, '\n')).join('\n'));
  // functions/package.json says "type": "module", so NodeNext emits every .ts file as an ES module;
  // a file on its own cannot look that up, so it is told (the other options are the config's).
  if (parsed.options.module !== ts.ModuleKind.NodeNext) throw new Error('functions/tsconfig: expected module NodeNext');
  // (Resolution follows the module kind; a file transpiled alone resolves nothing.)
  const options = { ...parsed.options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, ...(outDir ? { outDir: resolve(outDir) } : {}) };
  // Every file first, then the writes: a syntax error anywhere (which tsc would refuse) leaves the
  // previous build in place and fails, naming the place, rather than writing broken JavaScript.
  const outputs = [];
  const errors = [];
  for (const fileName of parsed.fileNames) {
    if (fileName.endsWith('.d.ts')) continue;
    const target = join(options.outDir, relative(options.rootDir, fileName)).replace(/\.ts$/, '.js');
    const { outputText, sourceMapText, diagnostics = [] } = ts.transpileModule(readFileSync(fileName, 'utf8'), {
      compilerOptions: options,
      fileName,
      reportDiagnostics: true,
    });
    errors.push(...diagnostics.map(describe));
    outputs.push({ fileName, target, outputText, sourceMapText });
  }
  if (errors.length) throw new Error(`The API does not compile:\n${errors.join('\n')}`);
  for (const { fileName, target, outputText, sourceMapText } of outputs) {
    mkdirSync(dirname(target), { recursive: true });
    if (sourceMapText) {
      // As tsc writes it: the map's sources are relative to the output file, not the bare file name.
      const map = JSON.parse(sourceMapText);
      map.file = basename(target);
      map.sources = [relative(dirname(target), fileName).split('\\').join('/')];
      writeFileSync(`${target}.map`, JSON.stringify(map));
    }
    writeFileSync(target, outputText);
  }
  return outputs.map((output) => output.target);
}

/** A diagnostic as tsc prints it: path(line,column): message. */
function describe(diagnostic) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(process.cwd(), diagnostic.file.fileName)}(${line + 1},${character + 1}): ${message}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    transpileApi({ outDir: process.argv[2] });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
