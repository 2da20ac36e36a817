// The worker checks request bodies with zod/mini: the same checks and English messages as zod's
// chainable API, in a form the bundler can trim to what the worker's few schemas use (classic zod
// brings the whole library with it). The compiler keeps classic zod and its friendly errors.
// Schemas import zod/mini themselves (`import * as z`): a namespace passed on as a value would keep
// every export of it in the bundle.

import { en } from 'zod/locales';
import { config, type core } from 'zod/mini';

// zod/mini has no messages until a locale is set; classic zod sets this one itself.
config(en());

/** The first problem, said with where it is (`events.0.positions: …`). */
export function describeIssue(error: core.$ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}
