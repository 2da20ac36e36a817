// Lighthouse (mobile defaults) in Debian's Chromium, median of several runs.

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../cli/chromium.ts';
import { medianOfRuns, scoresOf, type LighthouseMedian, type LighthouseRun } from './lighthouse-median.ts';

/** The same Chromium flags as the browser tests' (scripts/cli/chromium.ts). */
export const chromeFlags = chromiumFlags;

export interface LighthouseOptions {
  /** Lighthouse's own (`simulate`, its default: a model of a slow phone's network) or `provided` (as measured). */
  throttlingMethod?: 'simulate' | 'provided';
  /** Run before each attempt (e.g. a request that puts the server in the state to measure). */
  before?: () => Promise<void>;
}

/**
 * Median of `runs` measured runs. A run Lighthouse could not measure (it says "run Lighthouse
 * again") is retried, up to `runs` extra attempts; the median leaves failed runs out.
 */
export async function lighthouseMedian(
  url: string,
  runs: number,
  options: LighthouseOptions = {},
): Promise<LighthouseMedian> {
  const results: LighthouseRun[] = [];
  const measured = () => results.filter((result) => result.ok).length;
  for (let attempt = 0; attempt < runs * 2 && measured() < runs; attempt++) {
    await options.before?.();
    const result = await lighthouseRun(url, options.throttlingMethod);
    if (!result.ok)
      console.warn(`lighthouse ${url}: run ${attempt + 1} failed, left out of the median: ${result.reason}`);
    results.push(result);
  }
  return medianOfRuns(results);
}

async function lighthouseRun(
  url: string,
  throttlingMethod?: LighthouseOptions['throttlingMethod'],
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumPath,
    chromeFlags,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(throttlingMethod ? { throttlingMethod } : {}),
    });
    return result ? scoresOf(result.lhr) : { ok: false, reason: 'lighthouse returned no result' };
  } catch (error) {
    // e.g. PROTOCOL_TIMEOUT on a starved machine: a failed run, like a runtimeError.
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome.kill();
  }
}
