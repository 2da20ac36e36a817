import { inject, it, expect } from 'vitest';
it('reaches a stand-in', async () => {
  const urls = inject('algoliaStandIns');
  console.log(urls);
  const r = await fetch(`${urls.first}/__standin/requests`);
  console.log(r.status, await r.text());
  const p = await fetch(`${urls.first}/1/indexes/*/queries?x-algolia-application-id=A`, { method: 'POST', body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'x' }] }) });
  console.log(p.status, await p.text());
  expect(r.status).toBe(200);
});
