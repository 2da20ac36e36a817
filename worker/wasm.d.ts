// WebAssembly modules the worker imports: wrangler bundles a `.wasm` file as a compiled module
// (Workers may not compile WebAssembly at run time).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
