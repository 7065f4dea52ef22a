// The production site through nginx and Caddy (site/nginx.conf and site/Caddyfile, written by the build from deploy/'s templates with the built policy, each in front of the simulator and serving dist/ itself): the panel used through each, the security headers, plain HTTP sent to HTTPS, the precompressed files and their caching, index.html for the panel's pages and plain 404s.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO, accountPath } from '../support/api.mjs';
import { FRONTS, built, request, useFronts } from '../support/fronts.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { DIST, ROOT } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';
import { headerPolicy, policy, siteFile, templatePolicy } from '../../scripts/csp.mjs';

const suite = useSuite(['--vms', '30'], { before, after, afterEach });
const fronts = useFronts(suite, { after });

const app = () => readdirSync(DIST).find((name) => name.startsWith('app-'));
const builtMeta = () => readFileSync(path.join(DIST, 'index.html'), 'utf8').match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];

for (const [name, { server, siteFile: file }] of Object.entries(FRONTS)) {
  const get = async (pathname, headers = {}) => request(`${await fronts.front(name)}${pathname}`, { headers });

  test(`${name}: site/ is deploy/'s template with the built policy; the template holds the default build's`, () => {
    const template = readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
    assert.equal(built(file), siteFile(file, template, builtMeta()), `site/${file} is stale: build again`);
    assert.equal(templatePolicy(built(file), file), `${builtMeta()}; frame-ancestors 'none'`);
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    assert.equal(templatePolicy(template, file), headerPolicy(policy(html, { api_base_url: '/api' })), `deploy/${file}'s policy line`);
    // The build stops when it cannot tell where the policy goes.
    const line = template.split('\n').find((text) => text.includes(`Content-Security-Policy "`));
    assert.throws(() => siteFile(file, template.replace(line, ''), builtMeta()), /has 0 Content-Security-Policy lines/);
    assert.throws(() => siteFile(file, template.replace(line, `${line}\n${line}`), builtMeta()), /has 2 Content-Security-Policy lines/);
  });

  test(`${name}: the panel through it: log in, the list, and a deep link reloaded`, async () => {
    const base = await fronts.front(name);
    const { page } = await loggedInPage(suite, { base, ready: '#vm-table tbody tr', ignoreHTTPSErrors: true });
    const vm = await page.$eval('#vm-table tbody tr', (row) => row.id.replace('vm-row-', ''));
    await page.goto(`${base}/vms/${vm}/network`);
    await page.waitForSelector('#vm-title');
    await page.reload();
    await page.waitForSelector('.nic');
    assert.match(page.url(), new RegExp(`/vms/${vm}/network$`));
  });

  test(`${name}: security headers on every answer, the policy as in index.html plus no framing`, async () => {
    const index = await get('/', { Accept: 'text/html' });
    assert.equal(index.status, 200);
    const meta = (await index.text()).match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
    for (const response of [index, await get(`/${app()}/boot.js`), await get('/nowhere.js'), await get(`/api${accountPath('/virtual_machines')}`, { Authorization: DEMO.token })]) {
      const headers = response.headers;
      assert.equal(headers.get('content-security-policy'), `${meta}; frame-ancestors 'none'`, response.url);
      assert.equal(headers.get('x-content-type-options'), 'nosniff');
      assert.equal(headers.get('x-frame-options'), 'DENY');
      assert.equal(headers.get('referrer-policy'), 'no-referrer');
      assert.equal(headers.get('strict-transport-security'), 'max-age=31536000', response.url);
      assert.equal(headers.get('server'), server, 'no version given away');
      assert.equal(headers.get('cross-origin-opener-policy'), 'same-origin', response.url);
    }
    // The page a portal window opens to hand a login over keeps its opener.
    const portal = await get('/portal', { Accept: 'text/html' });
    assert.equal(portal.status, 200);
    assert.equal(portal.headers.get('cross-origin-opener-policy'), 'unsafe-none');
    assert.equal(portal.headers.get('content-security-policy'), `${meta}; frame-ancestors 'none'`);
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/config.json')).headers.get('cache-control'), 'no-cache');
  });

  if (name === 'nginx') {
    // Caddy sends plain HTTP to HTTPS itself once it has the site's name; its
    // test site is plain HTTP.
    test(`${name}: plain HTTP answers every request with a 301 to the same address on https`, async () => {
      const { plain } = await fronts.frontServer(name);
      for (const pathname of ['/', '/vms/42/network?tab=1', `/api${accountPath('/virtual_machines')}`]) {
        for (const method of ['GET', 'POST']) {
          const moved = await request(`${plain}${pathname}`, { method, headers: { Authorization: DEMO.token } });
          assert.equal(moved.status, 301, `${method} ${pathname}`);
          assert.equal(moved.headers.get('location'), `https://127.0.0.1${pathname}`);
          assert.equal(moved.headers.get('server'), server, 'no version given away');
        }
      }
    });
  }

  test(`${name}: the precompressed files by Accept-Encoding, hashed ones cached for a year`, async () => {
    const wasm = `/${app()}/vmdeck_bg.wasm`;
    const raw = readFileSync(path.join(DIST, wasm));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ]) {
      const response = await get(wasm, { 'Accept-Encoding': accept });
      assert.equal(response.status, 200, accept);
      assert.equal(response.headers.get('content-encoding'), encoding, accept);
      assert.equal(response.headers.get('content-type'), 'application/wasm');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      if (encoding) assert.match(response.headers.get('vary') ?? '', /accept-encoding/i, accept);
      // Decoded as fetch decodes: the copy sent is the original's.
      assert.ok(Buffer.from(await response.arrayBuffer()).equals(raw), `${accept}: decodes to the original`);
    }
    const css = readdirSync(DIST).find((name) => /^main-[0-9a-f]{12,16}\.css$/.test(name));
    assert.equal((await get(`/${css}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  test(`${name}: a page of the panel for a navigation only, the static page of its address where there is one; a missing file is a plain 404, never cached`, async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const page = await get('/vms/42/network', accept ? { Accept: accept } : {});
      assert.equal(page.status, 200, `Accept: ${accept}`);
      assert.match(await page.text(), /<div id="app">/);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
    }
    // The same choice as the simulator's (crates/sim/tests/assets_navigation.rs).
    const pages = Object.fromEntries(['login', 'vms', 'vm', 'index'].map((file) => [file, readFileSync(path.join(DIST, file === 'index' ? 'index.html' : `pages/${file}.html`), 'utf8')]));
    for (const [pathname, file] of [
      ['/login', 'login'],
      ['/login?next=%2Fvms', 'login'],
      ['/vms', 'vms'],
      ['/vms/', 'vms'],
      ['/vms/42', 'vm'],
      ['/vms/42/firewall', 'vm'],
      ['/vms/new', 'index'],
      ['/vms/42/network/more', 'index'],
      ['/interfaces', 'index'],
      ['/', 'index'],
    ]) {
      const page = await get(pathname, { Accept: 'text/html' });
      assert.equal(page.status, 200, pathname);
      assert.equal(await page.text(), pages[file], `${pathname}: ${file}`);
    }
    for (const [pathname, headers] of [
      [`/${app()}/missing.wasm`, {}],
      ['/missing.js', { Accept: '*/*' }],
      ['/vms/42', { Accept: 'application/json' }],
    ]) {
      const missing = await get(pathname, headers);
      assert.equal(missing.status, 404, pathname);
      assert.match(missing.headers.get('content-type'), /^text\/plain/);
      assert.equal(await missing.text(), 'Not found\n');
      assert.equal(missing.headers.get('cache-control'), 'no-cache', `${pathname}: a 404 is not kept`);
    }
  });
}
