// `@docusaurus/Head`: the page's head is the build's, from its front matter and the site's config.

export { default } from '../../../../client/site-modules/head.tsx';
