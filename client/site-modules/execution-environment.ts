// `@docusaurus/ExecutionEnvironment`: what the code runs in, as Docusaurus answers it. All false
// where the build renders a site component (no DOM there, as in Docusaurus's server render); the
// browser's own answers in the browser.

const canUseDOM = typeof window !== 'undefined' && typeof window.document?.createElement === 'function';

const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export default ExecutionEnvironment;
