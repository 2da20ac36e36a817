// The two ways a page becomes HTML, loaded together on an isolate's first render (load-renderers.ts).

export { renderDocument, renderDocumentRest } from './document.tsx';
export { renderDocPageRest } from './doc-page-markup.ts';
