// The Cron Trigger (wrangler.toml `[triggers]`): drops analytics rows past the retention period.

import type { Env } from './env.ts';
import { deleteOlderThan } from './services/analytics/store.ts';

export const defaultRetentionDays = 90;

export function retentionDays(env: Env): number {
  const days = Number(env.ANALYTICS_RETENTION_DAYS);
  return Number.isInteger(days) && days > 0 ? days : defaultRetentionDays;
}

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  if (!env.ANALYTICS) return;
  ctx.waitUntil(
    deleteOlderThan(env.ANALYTICS, retentionDays(env), controller.scheduledTime).then((deleted) =>
      console.log(`analytics cleanup: ${deleted} rows older than ${retentionDays(env)} days dropped`),
    ),
  );
}
