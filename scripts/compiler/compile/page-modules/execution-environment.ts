// `@docusaurus/ExecutionEnvironment`: pages are evaluated once, at build time, where there is no DOM.

const ExecutionEnvironment = {
  canUseDOM: false,
  canUseEventListeners: false,
  canUseIntersectionObserver: false,
  canUseViewport: false,
};

export default ExecutionEnvironment;
