// Error pages for readers: the 503 page inside the site's layout when a manifest is known, a
// bare page otherwise (the layout needs the manifest, which may be what failed).

import type { Context } from 'hono';
import { escapeHtml } from '../../client/contract/escape-html.ts';
import type { AppEnv } from '../env.ts';
import { bootData } from '../render/boot-data.ts';
import { loadRenderers } from '../render/load-renderers.ts';
import { lastKnownManifest } from '../services/content-store.ts';
import { styledIfKnown } from '../services/style-sheet.ts';
import { announcementDismissed, chooseTheme } from '../services/theme.ts';
import { unavailableText } from '../../client/contract/status-text.ts';
import type { StyledManifest } from '../../client/contract/storage.ts';
import type { ThemeChoice } from '../services/theme.ts';
import { describeError, type ErrorAnswer } from './describe.ts';

export async function errorPage(c: Context<AppEnv>, answer: ErrorAnswer): Promise<string | ReadableStream<Uint8Array>> {
  if (answer.status !== 503) return barePage(answer);
  const known = lastKnownManifest();
  // The layout needs the style groups' CSS, which KV, if it is what failed, may not give now.
  const manifest = known && (await styledIfKnown(known)?.catch(() => undefined));
  if (!manifest) return barePage(answer);
  c.set('siteSources', manifest.head?.sources);
  const theme = chooseTheme(c, manifest.site);
  const boot = bootData(manifest, null, 503, theme, announcementDismissed(c, manifest.site));
  return (await loadRenderers()).renderDocument({ manifest, boot, theme });
}

/**
 * The rest of a page's document (after the head's start, which has left with a 200 or a 404) when
 * reading or rendering the page failed: the 503 page in the site's layout. Logged as the error
 * handler logs it.
 */
export async function errorPageRest(
  manifest: StyledManifest,
  theme: ThemeChoice,
  dismissed: boolean,
  error: unknown,
): Promise<string> {
  const answer = describeError(error);
  if (answer.logAs) console.error(answer.logAs, error);
  const boot = bootData(manifest, null, 503, theme, dismissed);
  return (await loadRenderers()).renderDocumentRest({ manifest, boot, theme });
}

function barePage(answer: ErrorAnswer): string {
  const [title, heading, text] =
    answer.status === 503
      ? [unavailableText.title, unavailableText.heading, unavailableText.message]
      : answer.status >= 500
        ? ['Error', 'Something went wrong on our side', 'We have been told about it. Please try again later.']
        : [`Error ${answer.status}`, `Error ${answer.status}`, escapeHtml(answer.message)];
  const retry = answer.retryAfterSeconds ? '\n<form method="get"><button type="submit">Retry</button></form>' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${heading}</h1>
<p>${text}</p>${retry}</main></body></html>
`;
}
