// A document sent in two parts: the head's start at once, the rest once the page is read and
// rendered. The status and headers leave with the start, so a failure after it cannot change them:
// the rest is then the error's own (the 503 page's title, text and Retry, in the site's layout),
// and the document stays well-formed. Whole, the two parts are the bytes a cached page is.

import { escapeHtml } from '../../client/contract/escape-html.ts';
import { unavailableText } from '../../client/contract/status-text.ts';

const encoder = new TextEncoder();

/**
 * The rest of a document whose page could not be shown, for when even the site's layout cannot be
 * rendered: a title, the message and a Retry that needs no JavaScript.
 */
export const unavailableRest = [
  `<title>${escapeHtml(unavailableText.title)}</title>`,
  '<meta name="robots" content="noindex">',
  '</head>',
  '<body>',
  `<main><h1>${escapeHtml(unavailableText.heading)}</h1>`,
  `<p>${escapeHtml(unavailableText.message)}</p>`,
  '<form method="get"><button type="submit">Retry</button></form></main>',
  '</body>',
  '</html>\n',
].join('\n');

export interface DocumentStream {
  /** The reader's body: the start now, the rest when it settles. */
  body: ReadableStream<Uint8Array>;
  /** The whole document's bytes once the rest is rendered; undefined when the reader got an error's rest. */
  whole: Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Settles once the last byte is handed over, or the reader has gone. */
  sent: Promise<void>;
}

/**
 * `start` goes out at once; then `rest`, or when it fails `failed(error)`'s (and if that fails
 * too, `unavailableRest`). Nothing here throws to the caller: the answer has already begun.
 */
export function streamDocument(
  start: string,
  rest: Promise<string>,
  failed: (error: unknown) => Promise<string>,
): DocumentStream {
  const head = encoder.encode(start);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // Not awaited here: a write settles only once the reader takes it. A reader gone makes it reject.
  const first = writer.write(head).then(
    () => true,
    () => false,
  );
  const tail = rest.then(
    (text) => ({ bytes: encoder.encode(text), complete: true }),
    async (error: unknown) => {
      let text: string;
      try {
        text = await failed(error);
      } catch {
        text = unavailableRest;
      }
      return { bytes: encoder.encode(text), complete: false };
    },
  );
  const sent = Promise.all([first, tail])
    .then(async ([open, { bytes }]) => {
      if (!open) return;
      await writer.write(bytes);
      await writer.close();
    })
    .catch(() => undefined);
  const whole = tail.then(({ bytes, complete }) => {
    if (!complete) return undefined;
    const document = new Uint8Array(head.byteLength + bytes.byteLength);
    document.set(head, 0);
    document.set(bytes, head.byteLength);
    return document;
  });
  return { body: readable, whole, sent };
}
