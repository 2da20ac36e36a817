// V8 flags a build runs with: package.json's `build`, `deploy` and `start` scripts pass them to Node
// (with tsx's loader), and the benches start their builds with them (a unit test keeps them alike). `npm start`
// builds in its own process too: without them its first build of 10,914 pages took 145 s and 278 CPU s,
// with them 120 s and 225 (`npm run build`: 111 s, 206).
// What each saves on a cold large build is in scripts/bench/README.md.
export const buildV8Flags = [
  // Every core is busy compiling pages, so V8's helper threads for garbage collection and for
  // optimising hot functions only add the cost of handing work over: each thread does its own.
  '--single-threaded-gc',
  '--no-concurrent-recompilation',
  // Pages' syntax trees die young: larger young generations (in the compile threads too, where
  // this outranks their resourceLimits) halve the number of scavenges and what they copy.
  '--max-semi-space-size=64',
  // V8 lets a heap grow to about four times what survived its last full collection before the
  // next one; the compile threads keep little alive between pages, so twice is plenty and keeps peak memory down.
  '--heap-growing-percent=100',
];
