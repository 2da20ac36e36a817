// V8 flags a build runs with: package.json's `build` and `deploy` scripts pass them to Node through
// tsx, and the scale bench starts its builds with them (a unit test keeps the three alike).
// A large build keeps every core busy compiling pages, so V8's helper threads for garbage collection
// and for optimising hot functions only add the cost of handing work over: done on the thread that
// needs it, a cold 2,000-page build takes about 8% less CPU (10,000 pages: 133 CPU-s against 162,
// the fence and autolink changes included; peak memory 1.84 GB against 1.58 GB), with the same output.
export const buildV8Flags = ['--single-threaded-gc', '--no-concurrent-recompilation'];
