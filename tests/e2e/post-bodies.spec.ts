// Through `npm start` as a tester runs it (wrangler dev's proxy in front of the worker), a chunked
// body far past a POST endpoint's cap gets the worker's own 413 and JSON, not the proxy's 503
// "Your worker restarted mid-request". No browser page involved: Node's HTTP client sends a
// body without a declared length, as a script probing the endpoint would.

import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

const endpoints = [
  {
    path: '/1/indexes/*/queries',
    contentType: 'application/json',
    json: { message: 'The request body is larger than 16384 bytes', status: 413 },
  },
  {
    path: '/1/events',
    contentType: 'application/json',
    json: { message: 'The request body is larger than 65536 bytes', status: 413 },
  },
  {
    path: '/__report',
    contentType: 'application/x-www-form-urlencoded',
    json: { error: 'payload_too_large', message: 'The request body is larger than 16384 bytes' },
  },
];

/** Two megabytes: over every cap, far under what npm start reads and drops. */
const bodyBytes = 2 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 'x');

/** POSTs `bodyBytes` in chunks (no content-length: chunked) and resolves with the answer. */
function postChunked(url: URL, contentType: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { 'content-type': contentType } }, (response) => {
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

for (const { path, contentType, json } of endpoints) {
  test(`a chunked body far past its cap gets 413 and JSON at ${path} through npm start`, async ({ baseURL }) => {
    const answer = await postChunked(new URL(path, baseURL), contentType);
    expect(answer.body).not.toContain('restarted mid-request');
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual(json);
  });
}
