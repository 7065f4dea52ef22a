// Security in the browser: the Content-Security-Policy, hostile API text shown as text, the token kept out of URLs, logs and storage.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet } from '../support/api.mjs';
import { logIn, loggedInPage, logOut } from '../support/pages/login.mjs';
import { VM_TABS, gotoVm } from '../support/pages/vm.mjs';
import { recordRequests, storedValues } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';
import { createHash } from 'node:crypto';
import { frameScript as inlineFrameScript } from '../../scripts/first-paint.mjs';

// A token easy to find anywhere it must not be.
const TOKEN = 'Tok3n-must-stay-secret-4242';
const suite = useSuite(['--vms', '8', '--hostile-text', '--account', `1:${TOKEN}`, '--op-ms', '600'], { before, after, afterEach });

/**
 * The VM list as the API gives it, first VMs (the hostile ones) first. The
 * tests here pick their VMs from it rather than with `vmPicker`: they look for
 * hostile text, and only this file's token opens the account.
 */
const vmsFromApi = async () => (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=50'), TOKEN)).body;

/** What a page must never contain: markup or links made from the API's text. */
async function assertNothingRan(page, where) {
  const found = await page.evaluate(() => ({
    ran: window.__hostile !== undefined,
    images: document.querySelectorAll('#app img[src="x"], [onerror], [onload]').length,
    svgs: document.querySelectorAll('#app svg').length,
    inlineScripts: [...document.querySelectorAll('#app script')].length,
    scriptLinks: [...document.querySelectorAll('a[href], [src], form[action]')]
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action'))
      .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
  }));
  assert.deepEqual(found, { ran: false, images: 0, svgs: 0, inlineScripts: 0, scriptLinks: [] }, where);
}

test('every page the server sends carries a strict policy; its one inline script is the build\'s own, allowed by its hash alone', async () => {
  const frameScript = inlineFrameScript().replace(/^<script>|<\/script>$/g, '');
  const hash = `'sha256-${createHash('sha256').update(frameScript, 'utf8').digest('base64')}'`;
  for (const address of ['/', '/login', '/vms', '/vms/1/firewall']) {
    const html = await (await fetch(`${suite.sim.url}${address}`)).text();
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
    assert.ok(policy, `${address} has a policy`);
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.deepEqual(directives['style-src'], ["'self'"]);
    assert.deepEqual(directives['object-src'], ["'none'"]);
    assert.deepEqual(directives['base-uri'], ["'none'"]);
    assert.deepEqual(directives['form-action'], ["'self'"]);
    assert.deepEqual(directives['img-src'], ["'self'", 'data:']);
    assert.deepEqual(directives['connect-src'], ["'self'"], 'config.json names an API on the same origin');
    // The scripts the page runs: the app's from a file of its own origin, and
    // first-paint/frame.js inline (the theme and language before the first
    // paint); JSON blocks are data, never run.
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    assert.deepEqual(inline, [frameScript], `${address}: one inline script, the build's own`);
    assert.match(html, /<script type="module" src="\/app-[0-9a-f]{16}\/boot\.js"><\/script>/);
    assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'", hash], 'no unsafe-inline: only that script, by its hash');
    // The policy comes before anything it governs.
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<script'));
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<link'));
  }
});

test('the policy is in force: an injected script and style are blocked and reported', async () => {
  const handle = await loggedInPage(suite, { token: TOKEN, ready: '#vm-table tbody tr' });
  const { page } = handle;
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = 1';
    document.body.append(script);
    document.body.setAttribute('style', 'background: red');
  });
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.__injected), undefined);
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(255, 0, 0)');
  const violations = handle.problems.filter((p) => p.includes('securitypolicyviolation'));
  assert.deepEqual(violations.map((v) => v.match(/securitypolicyviolation: (\S+)/)?.[1]).sort(), ['script-src-elem', 'style-src-attr']);
  // Those two (and the browser's own report of them) were this test's doing:
  // anything else still fails it.
  const own = (p) => p.includes('securitypolicyviolation') || p.includes('Content Security Policy');
  handle.problems.splice(0, handle.problems.length, ...handle.problems.filter((p) => !own(p)));
});

test('hostile text from the API is shown literally on every page and runs nothing', async () => {
  const { page } = await loggedInPage(suite, { token: TOKEN, ready: '#vm-table tbody tr' });
  const vms = await vmsFromApi();
  const hostile = vms.filter((vm) => /[<:]/.test(vm.label));
  assert.equal(hostile.length, 3, 'the simulator seeded three hostile VMs');

  const listText = await page.textContent('#vm-table');
  for (const vm of hostile) {
    assert.ok(listText.includes(vm.label), `label shown as text: ${vm.label}`);
    assert.ok(listText.includes(vm.hostname), `host name shown as text: ${vm.hostname}`);
  }
  await assertNothingRan(page, 'VM list');

  // Hostile text typed into the search box travels through the URL and back.
  await page.fill('#vm-search', '<img src=x onerror=window.__hostile=1>');
  await page.waitForURL(/=%3Cimg/);
  await page.reload();
  await page.waitForSelector('#vm-search');
  assert.equal(await page.inputValue('#vm-search'), '<img src=x onerror=window.__hostile=1>');
  await assertNothingRan(page, 'VM list searched with markup');

  for (const vm of hostile) {
    for (const { tab, path } of VM_TABS) {
      await gotoVm(page, suite.sim.url, vm, tab);
      await page.waitForLoadState('networkidle');
      await assertNothingRan(page, `VM ${vm.id}${path}`);
    }
  }
  // The page of the first hostile VM names it literally, note included.
  const [first] = hostile;
  await page.goto(`${suite.sim.url}/vms/${first.id}`);
  await page.waitForSelector(`#vm-title:has-text(${JSON.stringify(first.label)})`);
  assert.ok((await page.textContent('main')).includes(first.note), 'note shown as text');
  await page.goto(`${suite.sim.url}/vms/${first.id}/firewall`);
  await page.waitForLoadState('networkidle');
  const rules = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${first.id}/firewall_rules`), TOKEN)).body;
  const description = rules.map((r) => r.description).find((d) => d && /[<:]/.test(d));
  assert.ok((await page.textContent('main')).includes(description), `rule description shown as text: ${description}`);
  await page.goto(`${suite.sim.url}/vms/${first.id}/isos`);
  await page.waitForLoadState('networkidle');
  await assertNothingRan(page, 'ISO mounted from a javascript: URL');

  // The typed confirmation of a hostile host name compares text, not markup.
  await page.goto(`${suite.sim.url}/vms/${first.id}/settings`);
  await page.click('#open-destroy');
  await page.waitForSelector('dialog[open]');
  await assertNothingRan(page, 'destroy dialog');
  await page.keyboard.press('Escape');

  for (const route of ['/interfaces', '/ip-addresses', '/templates', '/backups', '/snapshots']) {
    await page.goto(`${suite.sim.url}${route}`);
    await page.waitForSelector('table tbody tr');
    await assertNothingRan(page, route);
  }
  const interfacesText = await page.goto(`${suite.sim.url}/interfaces`).then(() => page.waitForSelector('table tbody tr')).then(() => page.textContent('main'));
  assert.ok(/<img src=x|"><svg|javascript:|<\/td><script>/.test(interfacesText), 'interface labels shown as text');
});

test('the token is never in a URL, a log line, a message on screen or a cookie', async () => {
  const { page, context, consoleLines } = await suite.open();
  const requests = recordRequests(page, () => true);
  const navigations = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await logIn(page, suite.sim.url, { token: TOKEN });
  await page.waitForSelector('#vm-table tbody tr');
  const [vm] = (await vmsFromApi()).filter((v) => v.status === 'online' && !/[<:]/.test(v.label));
  for (const tab of ['', 'network', 'firewall', 'statistics', 'settings']) {
    await gotoVm(page, suite.sim.url, vm, tab);
    await page.waitForLoadState('networkidle');
  }
  // An error on screen: a VM that does not exist.
  await page.goto(`${suite.sim.url}/vms/999999`);
  await page.waitForSelector('[role="alert"]');
  assert.ok(!(await page.textContent('body')).includes(TOKEN), 'error message');
  // A failed login names the problem, never the token typed.
  await logOut(page);
  await page.waitForURL(/\/login$/);
  await logIn(page, suite.sim.url, { token: `${TOKEN}-wrong` });
  await page.waitForSelector('#login-error');
  assert.ok(!(await page.textContent('#login-error')).includes(TOKEN));

  const urls = [...requests.list().map((r) => r.url), ...navigations];
  assert.ok(urls.length > 10);
  assert.deepEqual(urls.filter((url) => url.includes(TOKEN)), [], 'no URL carries the token');
  assert.deepEqual(consoleLines.filter((line) => line.includes(TOKEN)), [], 'no log line carries the token');
  assert.deepEqual(await context.cookies(), [], 'no cookie');
  assert.ok((await storedValues(page)).every(([, , value]) => !value.includes(TOKEN)), 'logged out: stored nowhere');
});

test('the token goes only to the API, in the Authorization header', async () => {
  const { page } = await suite.open();
  const carriers = [];
  // Not `recordRequests`: this reads every header of a request, which comes
  // only asynchronously.
  page.on('request', async (request) => {
    const headers = await request.allHeaders();
    const carries = Object.entries(headers).filter(([, value]) => value.includes(TOKEN));
    if (carries.length > 0) carriers.push([request.url(), carries.map(([name]) => name)]);
  });
  await logIn(page, suite.sim.url, { token: TOKEN });
  await page.waitForSelector('#vm-table tbody tr');
  await page.waitForLoadState('networkidle');
  assert.ok(carriers.length > 0);
  for (const [url, names] of carriers) {
    assert.ok(url.startsWith(`${suite.sim.api}/`), `only API requests carry it: ${url}`);
    assert.deepEqual(names, ['authorization'], url);
  }
});

test('inside another site\'s frame the panel does not start, and says how to open it', async () => {
  const { page } = await suite.open();
  // Another origin framing the panel: the simulator sends no frame-ancestors
  // header, as a host that cannot send headers would not.
  const other = suite.sim.url.replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/nowhere.txt`).catch(() => {});
  const requests = recordRequests(page, () => true);
  await page.setContent(`<iframe id="framed-panel" src="${suite.sim.url}/login" width="800" height="600"></iframe>`);
  const frame = await (await page.waitForSelector('#framed-panel')).contentFrame();
  await frame.waitForSelector('#framed');
  assert.match(await frame.textContent('#framed'), /does not run inside another page/);
  assert.equal(await frame.getAttribute('#framed a', 'target'), '_blank');
  assert.equal(await frame.$('#login-submit'), null, 'no login form to be dressed up');
  assert.deepEqual(requests.list().filter((r) => r.url.includes('/api/')), [], 'nothing asked of the API');
});

test('API requests carry no cookie and are never kept in the browser\'s cache', async () => {
  const handle = await suite.open();
  // A cookie of the panel's own origin, as another app on the host could set.
  await handle.context.addCookies([{ name: 'other_app', value: 'abc', url: suite.sim.url }]);
  const sent = [];
  handle.page.on('request', async (request) => {
    if (request.url().includes('/api/')) sent.push(await request.allHeaders());
  });
  await logIn(handle.page, suite.sim.url, { token: TOKEN });
  await handle.page.waitForSelector('#vm-table tbody tr');
  assert.ok(sent.length > 0);
  for (const headers of sent) {
    assert.equal(headers.cookie, undefined, 'no cookie goes with the token');
    // What fetch adds for `cache: 'no-store'`.
    assert.equal(headers['cache-control'], 'no-cache');
    assert.equal(headers.pragma, 'no-cache');
  }
});
