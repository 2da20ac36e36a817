// `@docusaurus/Redirect`: React Router's `<Redirect>` (router.tsx).

export { Redirect as default } from './router.tsx';
