// The modal's request to our Algolia-protocol endpoint, retried once when the failure is one a
// second try can fix: the connection dropped, or a gateway in front of the worker had a moment.

/** The endpoint answered, but not with results. */
export class SearchStatusError extends Error {
  constructor(readonly status: number) {
    super(`search answered ${status}`);
  }
}

/** Gateway errors and an overloaded worker pass; a bad request or a bug in the worker does not. */
const passingStatuses = new Set([502, 503, 504]);

/** `fetch` rejects with a TypeError exactly when no response came (network failure, CORS). */
export function worthRetrying(error: unknown): boolean {
  if (error instanceof SearchStatusError) return passingStatuses.has(error.status);
  return error instanceof TypeError;
}

export interface PostQueriesOptions {
  fetch?: typeof fetch;
  /** Pause before the retry. */
  wait?: () => Promise<void>;
}

export async function postQueries(
  url: string,
  requests: unknown[],
  { fetch: send = fetch, wait = () => new Promise((resolve) => setTimeout(resolve, 150)) }: PostQueriesOptions = {},
): Promise<unknown> {
  const attempt = async () => {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    if (!response.ok) throw new SearchStatusError(response.status);
    return (await response.json()) as unknown;
  };
  try {
    return await attempt();
  } catch (error) {
    if (!worthRetrying(error)) throw error;
    await wait();
    return attempt();
  }
}
