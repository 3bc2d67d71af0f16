import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInThisContext } from 'node:vm';

/** Where the glue holds its WebAssembly: a base64 data URI inside the script. */
const EMBEDDED = 'wasmBinaryFile="data:application/octet-stream;base64,';
/** The glue's last statement, which starts the module with no settings. */
const START = 'return cv(Module);';

// The server is typed without the DOM library, where WebAssembly's types are; what is used here:
type Instance = object;
type Module = object;
declare const WebAssembly: {
  instantiate(binary: Uint8Array, imports: object): Promise<{ instance: Instance; module: Module }>;
};
type ReceiveInstance = (instance: Instance, module: Module) => void;

/**
 * Runs OpenCV's Emscripten glue (`file`, a CommonJS script) with its WebAssembly taken out of
 * the script and handed to it instead. The published script embeds the 7.6 MB binary as a
 * 10 MB base64 string: run as it is, V8 keeps the script's source, that string and the decoded
 * binary for as long as OpenCV is loaded, about half of what loading OpenCV costs in memory.
 * Returns what the script exports (the module object, not yet initialised); `onError` hears
 * of a binary that does not instantiate.
 */
export function runGlue(file: string, require: NodeJS.Require, onError: (err: unknown) => void): unknown {
  const source = readFileSync(file, 'latin1'); // the script is ASCII throughout
  const from = source.indexOf(EMBEDDED);
  const to = source.indexOf('"', from + EMBEDDED.length);
  const start = source.lastIndexOf(START);
  if (from < 0 || to < 0 || start < to)
    throw new Error(`${file} is not laid out as opencv-glue.ts expects (a new @techstark/opencv-js?)`);
  let wasm: Buffer | undefined = Buffer.from(source.slice(from + EMBEDDED.length, to), 'base64');
  const script =
    source.slice(0, from) +
    'wasmBinaryFile=""' +
    source.slice(to + 1, start) +
    'return cv(__settings);' +
    source.slice(start + START.length);
  // The glue's module object is built on these settings and kept: the binary is let go once used.
  const settings = {
    instantiateWasm(imports: object, receive: ReceiveInstance) {
      const binary = wasm!;
      wasm = undefined;
      WebAssembly.instantiate(binary, imports).then(
        ({ instance, module }) => receive(instance, module),
        onError,
      );
      return {};
    },
  };
  const run = runInThisContext(
    `(function (exports, require, module, __filename, __dirname, __settings) {${script}\n})`,
    { filename: file },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  run.call(module.exports, module.exports, require, module, file, path.dirname(file), settings);
  return module.exports;
}
