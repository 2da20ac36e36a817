// `node --import ./scripts/node-wasm/register.mjs …`: Node imports `.wasm` files as compiled
// WebAssembly modules, as wrangler bundles them for the worker (the postings decoder), so scripts
// can run the worker's services in Node (scripts/bench/search-heap.ts).
import { register } from 'node:module';

register('./load.mjs', import.meta.url);
