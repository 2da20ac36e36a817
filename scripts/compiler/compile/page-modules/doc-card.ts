// `@theme/DocCard`, evaluated at build time (doc-cards.ts).

export { DocCard as default } from './doc-cards.ts';
