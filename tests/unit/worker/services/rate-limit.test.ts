// The figures the worker states for each rate limit (its 429's `retry-after`, its docs) are the
// ones wrangler.toml gives the binding: the binding cannot tell them itself.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../../../worker/services/rate-limit.ts';

const wranglerToml = readFileSync(new URL('../../../../wrangler.toml', import.meta.url), 'utf8');

function declared(name: string): { limit: number; period: number } | undefined {
  const block = wranglerToml
    .split('[[ratelimits]]')
    .slice(1)
    .find((entry) => new RegExp(`^name = "${name}"$`, 'm').test(entry));
  const simple = block?.match(/^simple = \{ limit = (\d+), period = (\d+) \}$/m);
  return simple ? { limit: Number(simple[1]), period: Number(simple[2]) } : undefined;
}

describe('rate limits', () => {
  it.each(Object.entries(rateLimits))('%s: wrangler.toml declares its binding with the same figures', (_, rule) => {
    expect(declared(rule.binding)).toEqual({ limit: rule.limit, period: rule.periodSeconds });
  });

  it('gives every binding a namespace of its own', () => {
    const ids = [...wranglerToml.matchAll(/^namespace_id = "(\d+)"$/gm)].map((match) => match[1]);
    expect(ids).toHaveLength(Object.keys(rateLimits).length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
