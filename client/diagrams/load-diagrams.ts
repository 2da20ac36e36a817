// After a client-side navigation: a page with a ```mermaid diagram needs the diagram chunk. It is
// added as a module script, by the URL the boot data names, as the worker adds it to a first load:
// an `import()` here would put Mermaid into the worker's bundle, which renders this module too.
// Once loaded, the chunk draws the diagrams of every page shown after it by itself.

export function loadDiagrams(script: string | undefined): void {
  if (!script || !document.querySelector('.mermaid-diagram')) return;
  if ([...document.scripts].some((element) => element.getAttribute('src') === script)) return;
  const element = document.createElement('script');
  element.type = 'module';
  element.src = script;
  document.head.appendChild(element);
}
