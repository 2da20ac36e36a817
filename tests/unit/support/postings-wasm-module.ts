// What `import postingsModule from './postings.wasm'` gives the worker, for the unit tests in
// Node: the committed module, compiled from its file (Node, unlike Workers, may compile at run time).

import { readFileSync } from 'node:fs';
import { postingsWasmPath } from '../../../scripts/compiler/tools/postings-wasm.ts';

export default new WebAssembly.Module(readFileSync(postingsWasmPath));
