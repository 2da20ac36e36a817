// The progress bar of a client-side navigation (nprogress): shown only once a load has taken over
// 200 ms, so a fast one draws nothing; its code is a small chunk of its own, fetched with the page.

import type NProgressType from 'nprogress';
import { loadStyleGroups } from './style-loader.ts';

/** The bar's and the page spinner's styles (scripts/compiler/assets/stylesheet-groups.ts): no page inlines them. */
const progressGroup = 'progress';
const progressDelayMs = 200;
const trickleRate = 0.02;

/** nprogress is needed only once a load takes over 200 ms, so it is its own small chunk. */
let progressBar: Promise<typeof NProgressType> | undefined;
function loadProgressBar(): Promise<typeof NProgressType> {
  progressBar ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, easing: 'ease' });
    return NProgress;
  });
  return progressBar;
}

/** Starts the progress bar only when a load takes longer than 200 ms; returns the stop function. */
export function startProgress(styleFiles: Record<string, string> | undefined): () => void {
  let trickle: ReturnType<typeof setInterval> | undefined;
  let started = false;
  let stopped = false;
  // The bar's code and styles are fetched with the page, so they are there if the 200 ms pass.
  // Linked with the page's own styles, once the page had come, they came too late for the only load
  // that shows the bar, a slow one: unstyled, the bar and the spinner are empty boxes, never seen.
  const bar = loadProgressBar();
  void loadStyleGroups([progressGroup], styleFiles);
  const timer = setTimeout(() => {
    void bar.then((NProgress) => {
      if (stopped) return;
      started = true;
      NProgress.start();
      trickle = setInterval(() => NProgress.inc(trickleRate), 800);
    });
  }, progressDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (trickle) clearInterval(trickle);
    if (started) void bar.then((NProgress) => NProgress.done());
  };
}
