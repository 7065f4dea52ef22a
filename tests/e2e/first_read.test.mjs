// The page's first API read, sent by the boot script beside the wasm (the list's first page, a VM), in a tab logged in and in a new tab of a remembered login: taken by the panel instead of asking again, refused as the panel's own would be, and never sent for a login that has ended, was logged out elsewhere, or when the address has a query.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { loggedInPage, logOut } from '../support/pages/login.mjs';
import { holdWasm, recordRequests } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '12'], { before, after, afterEach });

/** Waits until `recorded` has seen a request to `path`. */
async function seen(recorded, path) {
  for (let waited = 0; !recorded.list().some((r) => r.path === path); waited += 50) {
    if (waited > 10000) throw new Error(`no request to ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const LIST = '/api/account/1/virtual_machines?limit=50';
const VM = '/api/account/1/virtual_machine/1001';

test('a reload of the list or a VM asks the API once, beside the wasm, and the panel takes that answer', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const api = recordRequests(page);
  const wasm = await holdWasm(page);
  await page.reload();
  await seen(api, LIST);
  assert.equal(await page.$('#vm-table'), null, 'the app has not started');
  await wasm.release();
  await page.waitForSelector('#vm-table tbody tr');
  await page.waitForTimeout(500);
  assert.deepEqual(api.list().filter((r) => r.path.startsWith('/api/account/1/virtual_machines')).map((r) => r.path), [LIST]);

  api.clear();
  wasm.hold();
  await page.goto(`${suite.sim.url}/vms/1001/firewall`);
  await seen(api, VM);
  await wasm.release();
  await page.waitForSelector('#vm-title');
  await page.waitForTimeout(500);
  assert.deepEqual(api.list().filter((r) => r.path === VM).length, 1, 'the VM read once');
  // The token went as the panel sends it: in the header only.
  assert.ok(api.list().every((r) => !r.url.includes('demo-token')));
});

test('a new tab of a remembered login asks the API once, beside the wasm; after a logout, nothing', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr', remember: true });
  const newTab = async (before) => {
    const tab = await page.context().newPage();
    const api = recordRequests(tab);
    const wasm = await holdWasm(tab);
    if (before) await tab.addInitScript(before);
    await tab.goto(`${suite.sim.url}/vms`);
    return { tab, api, wasm };
  };
  const lists = (api) => api.list().filter((r) => r.path.startsWith('/api/account/1/virtual_machines')).map((r) => r.path);

  const first = await newTab();
  await seen(first.api, LIST);
  assert.equal(await first.tab.$('#vm-table'), null, 'the app has not started');
  await first.wasm.release();
  await first.tab.waitForSelector('#vm-table tbody tr');
  await first.tab.waitForTimeout(500);
  assert.deepEqual(lists(first.api), [LIST]);
  await first.tab.close();

  // Past the time the panel wrote the login holds without a check: nothing before the app, which then reads.
  const other = await newTab(() => {
    const gate = JSON.parse(localStorage.getItem('vmdeck.first_read'));
    if (gate) localStorage.setItem('vmdeck.first_read', JSON.stringify({ ...gate, until: Date.now() - 1 }));
  });
  await other.tab.waitForTimeout(800);
  assert.deepEqual(other.api.list(), [], 'nothing reaches the API before the app');
  await other.wasm.release();
  await other.tab.waitForSelector('#vm-table tbody tr');
  await other.tab.close();

  // Logged out: the new tab sends nothing and shows the login page.
  await logOut(page);
  await page.waitForSelector('#login-submit');
  const after = await newTab();
  await after.tab.waitForTimeout(800);
  assert.deepEqual(after.api.list(), [], 'nothing reaches the API after the logout');
  await after.wasm.release();
  await after.tab.waitForSelector('#login-submit');
  assert.equal(await after.tab.evaluate(() => localStorage.getItem('vmdeck.first_read')), null, 'nothing left to send a read with');
});

test('no first read for a login past its time, after a logout elsewhere, or for an address with a query', async () => {
  const cases = [
    // The time the login holds without a check has passed (its idle time, say).
    ['a login past its time', () => {
      const gate = JSON.parse(sessionStorage.getItem('vmdeck.first_read'));
      if (gate) sessionStorage.setItem('vmdeck.first_read', JSON.stringify({ ...gate, until: Date.now() - 1 }));
    }],
    // Another tab logged out (of another login: this one still holds, and the app says so).
    ['a logout since', () => localStorage.setItem('vmdeck.logout', JSON.stringify({ all: null, one: [['0123456789abcdef0123456789abcdef', 1]] }))],
    ['a query', null],
  ];
  for (const [what, before] of cases) {
    const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
    const wasm = await holdWasm(page);
    const api = recordRequests(page);
    // As the page starts, before the boot script reads the storage.
    if (before) await page.addInitScript(before);
    if (before) await page.reload();
    else await page.goto(`${suite.sim.url}/vms?status=online`);
    await page.waitForTimeout(800);
    assert.deepEqual(api.list(), [], `${what}: nothing reaches the API before the app`);
    await wasm.release();
    // The app reads for itself, and the login holds.
    await page.waitForSelector('#vm-table');
    assert.ok(api.list().some((r) => r.path.startsWith('/api/account/1/virtual_machines')), what);
  }
});

test('a refused first read ends the login as the panel\'s own refusal does, with one request', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const api = recordRequests(page);
  await page.route('**/api/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"token refused"}' }));
  const wasm = await holdWasm(page);
  await page.reload();
  await seen(api, LIST);
  await wasm.release();
  await page.waitForSelector('#login-notice:text("session expired")');
  await page.waitForTimeout(1000);
  assert.equal(api.list().length, 1, 'the first read, refused, and nothing after it');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('vmdeck.first_read')), null, 'nothing left to send a read with');
});
