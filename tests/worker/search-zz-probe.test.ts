import { it } from 'vitest';
import { deployFixture } from './support/deploy.ts';
import { postSearch, docSearchRequest, withAlgolia, standInUrls, receivedBy } from './support/search.ts';
it('probe', async () => {
  await deployFixture();
  const local = await postSearch(docSearchRequest('setup', { clickAnalytics: true }));
  console.log(local.response.status, [...local.response.headers], JSON.stringify(local.json, null, 1).slice(0, 3000));
  const u = standInUrls();
  const a = withAlgolia([u.down, u.second]);
  const up = await postSearch(docSearchRequest('setup'), { env: a.env });
  console.log(up.response.status, [...up.response.headers], up.body.slice(0, 500));
  console.log(JSON.stringify(await receivedBy(u.second, a.appId), null, 1));
  const h = withAlgolia([u.hanging]);
  const t = Date.now();
  const hung = await postSearch(docSearchRequest('setup'), { env: h.env });
  console.log(Date.now() - t, hung.response.headers.get('x-search-source'));
});
