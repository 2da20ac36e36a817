// The load hook register.mjs installs: a `.wasm` file becomes a module whose default export is the
// compiled WebAssembly.Module; every other file loads as before.

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.wasm')) return nextLoad(url, context);
  return {
    format: 'module',
    shortCircuit: true,
    source: [
      "import { readFileSync } from 'node:fs';",
      `export default new WebAssembly.Module(readFileSync(new URL(${JSON.stringify(url)})));`,
    ].join('\n'),
  };
}
