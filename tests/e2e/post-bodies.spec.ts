// Through `npm start` as a tester runs it (wrangler dev's proxy in front of the worker), a body far
// past a POST endpoint's cap gets the worker's own 413 and JSON, and one sent where the worker
// answers without reading it gets its 405 or 415: not the proxy's 503 "Your worker restarted
// mid-request" or a reset connection, whether chunked or of declared length sent at once. No
// browser page involved: Node's HTTP client sends it as a script probing the endpoint would (no
// `Expect`).

import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

/** Each POST endpoint past its cap, and two answers given without reading the body at all. */
const endpoints = [
  {
    path: '/1/indexes/*/queries',
    contentType: 'application/json',
    status: 413,
    json: { message: 'The request body is larger than 16384 bytes', status: 413 },
  },
  {
    path: '/1/events',
    contentType: 'application/json',
    status: 413,
    json: { message: 'The request body is larger than 65536 bytes', status: 413 },
  },
  {
    path: '/__report',
    contentType: 'application/x-www-form-urlencoded',
    status: 413,
    json: { error: 'payload_too_large', message: 'The request body is larger than 16384 bytes' },
  },
  {
    path: '/__report',
    contentType: 'application/json',
    status: 415,
    json: { error: 'unsupported_media_type', message: 'Send the report as a form' },
  },
  {
    path: '/',
    contentType: 'application/json',
    status: 405,
    json: { error: 'method_not_allowed', message: 'POST is not supported here; use GET' },
  },
];

/** Twenty megabytes: over every cap, under what npm start reads and drops. */
const bodyBytes = 20 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 'x');

/** POSTs `bodyBytes` in chunks (chunked unless `declared`: its content-length given) and resolves with the answer. */
function post(
  url: URL,
  contentType: string,
  declared: boolean,
): Promise<{ status: number; type: string; body: string }> {
  const headers = { 'content-type': contentType, ...(declared ? { 'content-length': String(bodyBytes) } : {}) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < bodyBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

for (const { path, contentType, status, json } of endpoints)
  for (const [declared, kind] of [
    [false, 'a chunked body'],
    [true, 'a body of declared length, sent at once,'],
  ] as const)
    test(`${kind} of 20 MB gets ${status} and JSON at ${path} (${contentType}) through npm start`, async ({
      baseURL,
    }) => {
      const answer = await post(new URL(path, baseURL), contentType, declared);
      expect(answer.body).not.toContain('restarted mid-request');
      expect(answer.status).toBe(status);
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual(json);
    });
