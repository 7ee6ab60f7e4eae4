// `npm start`'s demo: the folder it writes is linked to the project its token signs in to, and the demo query, sent
// where its settings point the delivery API (published, strict: the link's defaults), answers with records — so the
// first Run a newcomer clicks works.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeAllDispatchers } from '../src/cma';
import { postCda } from '../src/graphql/cdaHttp';
import { checkCdaUrl } from '../src/graphql/cdaUrl';
import { startEmulator, type Emulator } from './emulator/index';
import { DEMO_FILES, DEMO_TOKEN, demoSettings } from './host/lib/demo.mjs';

let emu: Emulator;
before(async () => {
  emu = await startEmulator({ token: DEMO_TOKEN, records: 20 });
});
after(async () => {
  await closeAllDispatchers();
  await emu.close();
});

describe('npm start', () => {
  test("the demo folder is linked to the demo token's project", async () => {
    const site = (await (
      await fetch(`${emu.url}/site`, {
        headers: { Authorization: `Bearer ${DEMO_TOKEN}`, Accept: 'application/json', 'X-Api-Version': '3' },
      })
    ).json()) as { data: { id: string } };
    const config = JSON.parse(DEMO_FILES['datocms.config.json']!) as { profiles: { default: { siteId: string } } };
    assert.equal(config.profiles.default.siteId, site.data.id);
  });

  test("the demo query, sent where the settings point the delivery API, answers with the project's records", async () => {
    const endpoint = demoSettings(emu.url)['datocms.cdaUrl']!;
    assert.deepEqual(checkCdaUrl(endpoint), { ok: true, url: endpoint }, 'a delivery API address the extension accepts');
    const answer = await postCda({
      endpoint,
      token: DEMO_TOKEN,
      drafts: false,
      strict: true,
      query: DEMO_FILES['queries/articles.graphql']!,
    });
    assert.equal(answer.status, 200, answer.text.slice(0, 300));
    assert.equal(answer.body.errors, undefined, answer.text.slice(0, 300));
    const articles = (answer.body.data as { allArticles: { title: unknown; author: unknown }[] }).allArticles;
    assert.equal(articles.length, 5);
    assert.ok(articles.every((a) => typeof a.title === 'string'));
  });
});
