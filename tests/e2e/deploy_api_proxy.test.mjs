// The API through nginx and Caddy (/api/ proxied by the production site's files): the Authorization header as sent, no answer stored, no cookie either way, X-Forwarded-For the client's only, the body limit, and the API's certificate checked. An API of the test's shows what it was sent, or has a certificate of its own.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, accountPath } from '../support/api.mjs';
import { FRONTS, request, startEcho, useFronts } from '../support/fronts.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '30'], { before, after, afterEach });
const fronts = useFronts(suite, { after });
const MIB = 1024 * 1024;

for (const name of Object.keys(FRONTS)) {
  const get = async (pathname, headers = {}) => request(`${await fronts.front(name)}${pathname}`, { headers });

  test(`${name}: /api/ goes to the API with the Authorization header as sent`, async () => {
    const listed = await get(`/api${accountPath('/virtual_machines?limit=3')}`, { Authorization: DEMO.token, Accept: 'application/json' });
    assert.equal(listed.status, 200);
    assert.equal((await listed.json()).length, 3);
    const refused = await get(`/api${accountPath('/virtual_machines')}`, { Authorization: 'wrong', Accept: 'application/json' });
    assert.equal(refused.status, 401, 'the token is the API\'s to judge');
    const missing = await get(`/api${accountPath('/virtual_machine/999999')}`, { Authorization: DEMO.token, Accept: 'application/json' });
    assert.equal(missing.status, 404);
    assert.notEqual(await missing.text(), 'Not found\n', 'the API\'s own 404, not the panel\'s');
  });

  test(`${name}: no API answer is stored, whatever the API says`, async () => {
    const listed = await get(`/api${accountPath('/virtual_machines?limit=3')}`, { Authorization: DEMO.token });
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('cache-control'), 'no-store');
    const refused = await get(`/api${accountPath('/virtual_machines')}`, { Authorization: 'wrong' });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    // The echoing API says "public, max-age=3600".
    const echoed = await request(`${await fronts.echoFront(name)}/api/cacheable`);
    assert.equal(echoed.status, 200);
    assert.equal(echoed.headers.get('cache-control'), 'no-store');
  });

  test(`${name}: no cookie either way, X-Forwarded-For the client's address only, Authorization as sent`, async () => {
    const { seen } = await fronts.echo();
    const answer = await request(`${await fronts.echoFront(name)}/api/echo/${name}`, {
      headers: { Authorization: 'Bearer the-token', Cookie: 'a=b', 'X-Forwarded-For': '6.6.6.6' },
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { ok: true });
    assert.equal(answer.headers.get('set-cookie'), null, 'the API sets no cookie on the panel\'s origin');
    const got = seen.find(({ url }) => url === `/api/echo/${name}`);
    assert.ok(got, `the API got the request: ${JSON.stringify(seen.map(({ url }) => url))}`);
    assert.equal(got.headers.cookie, undefined, 'no cookie of the panel\'s origin goes to the API');
    assert.equal(got.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(got.headers.authorization, 'Bearer the-token');
  });

  test(`${name}: a request body over 1 MiB is refused with 413, before it reaches the API`, async () => {
    const { seen } = await fronts.echo();
    const upload = `${await fronts.echoFront(name)}/api/upload/${name}`;
    const limit = await request(upload, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(MIB, 0x20) });
    assert.equal(limit.status, 200, 'exactly 1 MiB goes through');
    const large = await request(upload, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(2 * MIB, 0x20), expectContinue: true });
    assert.equal(large.status, 413);
    assert.deepEqual(
      seen.filter(({ url }) => url === `/api/upload/${name}`).map(({ length }) => length),
      [MIB],
      'only the 1 MiB body reached the API',
    );
  });

  test(`${name}: the API's certificate is checked: a self-signed one is a 502, the request never sent`, async () => {
    const api = await startEcho(fronts.cert('self'));
    try {
      await fronts.withFront(name, api.api, {}, async (url) => {
        const answer = await request(`${url}/api/vms`, { headers: { Authorization: DEMO.token } });
        assert.equal(answer.status, 502);
        assert.deepEqual(api.seen, [], 'the token was not sent');
      });
    } finally {
      await api.stop();
    }
  });

  test(`${name}: an API certificate from a CA it is told to trust is accepted`, async () => {
    const api = await startEcho(fronts.cert('api'));
    try {
      await fronts.withFront(name, api.api, { trusted: fronts.ca }, async (url) => {
        const answer = await request(`${url}/api/vms`, { headers: { Authorization: DEMO.token } });
        assert.equal(answer.status, 200);
        assert.equal(api.seen.length, 1);
        assert.equal(api.seen[0].headers.authorization, DEMO.token);
      });
    } finally {
      await api.stop();
    }
  });
}
