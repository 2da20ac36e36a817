// The two ways a page becomes HTML, loaded together on an isolate's first render (load-renderers.ts).

export { renderDocument } from './document.tsx';
export { renderDocPageDocument } from './doc-page-markup.ts';
