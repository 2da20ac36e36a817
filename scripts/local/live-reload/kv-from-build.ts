// The dev worker's local KV with the first build behind it: `npm start` does not copy that build's
// values into local KV (minutes on a large site); a key local KV lacks is asked of the dev server,
// which reads it from the build's KV files (kv-index.ts). Dev only: nothing here is in a deploy's bundle.

import { liveReloadPaths, tokenHeader } from './protocol.ts';

export interface DevServer {
  /** LIVE_RELOAD_ORIGIN */
  origin: string;
  /** LIVE_RELOAD_TOKEN */
  token: string;
}

/** The values of `keys` from the dev server; undefined while it builds (503). */
export async function readFromBuild(
  server: DevServer,
  keys: string[],
): Promise<Record<string, string | null> | undefined> {
  const response = await fetch(new URL(liveReloadPaths.kv, server.origin), {
    method: 'POST',
    headers: { [tokenHeader]: server.token, 'content-type': 'application/json' },
    body: JSON.stringify(keys),
  });
  if (response.status === 503) return undefined;
  if (!response.ok) throw new Error(`the dev server did not read ${keys[0] ?? 'its KV'} (${response.status})`);
  return response.json<Record<string, string | null>>();
}

type ReadType = 'text' | 'json' | undefined;

/** The type a read asks for, when the dev server can answer it (text or JSON). */
function typeOf(options: unknown): ReadType | 'other' {
  const type =
    typeof options === 'string' ? options : ((options as { type?: string } | null | undefined)?.type ?? 'text');
  return type === 'text' || type === 'json' ? type : 'other';
}

const asType = (value: string | null, type: ReadType) =>
  value !== null && type === 'json' ? JSON.parse(value) : value;

/** `kv` whose reads of a missing key (text or JSON, one key or a list) go on to the dev server. */
export function withBuildFiles(kv: KVNamespace, server: DevServer): KVNamespace {
  const read = kv.get.bind(kv) as (key: string | string[], options?: unknown) => Promise<unknown>;
  const get = async (key: string | string[], options?: unknown) => {
    const found = await read(key, options);
    const type = typeOf(options);
    if (type === 'other') return found;
    if (typeof key === 'string') {
      if (found !== null) return found;
      return asType((await readFromBuild(server, [key]))?.[key] ?? null, type);
    }
    const values = found as Map<string, unknown>;
    const missing = key.filter((one) => (values.get(one) ?? null) === null);
    if (missing.length === 0) return values;
    const fromBuild = (await readFromBuild(server, missing)) ?? {};
    for (const one of missing) values.set(one, asType(fromBuild[one] ?? null, type));
    return values;
  };
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'get') return get;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
