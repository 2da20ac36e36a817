// `@theme/DocCard` for site components (doc-cards.tsx).

export { DocCard as default } from './doc-cards.tsx';
