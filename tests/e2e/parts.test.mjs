// The panel in parts: every page opens from a cold load of its address, a part that fails says so and retries, each part downloads once, and only the page likely opened next is fetched ahead.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { partsFor } from '../../scripts/route-table.mjs';
import { vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '8'], { before, after, afterEach });
const vms = vmPicker(suite);

/**
 * A page in a context of its own with an empty HTTP cache, logged in through
 * another page ("remember me"), so that every part it shows is downloaded.
 */
async function coldLoggedInPage() {
  const first = await loggedInPage(suite, { remember: true });
  const storageState = await first.context.storageState();
  return suite.open({ storageState });
}

/**
 * Every wasm and JS file the page downloads over the network, with how often
 * (an answer from the browser's cache is not a download). Not
 * `recordRequests`: a request answered from the cache counts for nothing
 * here, and only the browser's protocol tells the two apart.
 */
async function recordDownloads(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const fromCache = new Set();
  const counts = new Map();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) fromCache.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (!url || fromCache.has(event.requestId)) return;
    const { pathname } = new URL(url);
    if (/\.(wasm|js)$/.test(pathname)) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

/** The parts the panel has loaded so far (its `vmdeck:part-loaded:` marks), sorted. */
const loadedParts = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((mark) => mark.name)
      .filter((name) => name.startsWith('vmdeck:part-loaded:'))
      .map((name) => name.slice('vmdeck:part-loaded:'.length))
      .sort(),
  );

test('every page opens from a cold load of its own address', async () => {
  const { id } = await vms.look({ status: 'online' });
  const pages = [
    ['/vms', '#vm-table'],
    ['/vms/new', '#create-form'],
    [`/vms/${id}`, '#vm-fields'],
    [`/vms/${id}/disks`, '#disk-table'],
    [`/vms/${id}/isos`, '#iso-none'],
    [`/vms/${id}/snapshots`, '#snapshots-empty, #snapshot-table'],
    [`/vms/${id}/backups`, '#backup-table, #backups-empty'],
    [`/vms/${id}/network`, '.nic'],
    [`/vms/${id}/firewall`, '#rule-default'],
    [`/vms/${id}/statistics`, '#cpu-canvas'],
    [`/vms/${id}/settings`, '#card-edit'],
    ['/interfaces', '#nics-table'],
    ['/ip-addresses', '#ips-table'],
    ['/templates', '#templates-table'],
    ['/backups', '#backup-table, #backups-empty'],
    ['/snapshots', '#account-snapshots-table, #account-snapshots-empty'],
    ['/no/such/page', '#not-found'],
  ];
  for (const [path, selector] of pages) {
    const { page } = await coldLoggedInPage();
    await page.goto(`${suite.sim.url}${path}`);
    await page.waitForSelector(selector);
    assert.equal(new URL(page.url()).pathname, path, `${path} stays where it is`);
    assert.deepEqual(await loadedParts(page), [...partsFor(path)].sort(), `${path}: the parts the boot script downloads are the ones the panel draws`);
  }
  const { page } = await suite.open();
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  assert.deepEqual(await loadedParts(page), partsFor('/login'));
});

test('the parts of the page being opened download beside the main module, not after it', async () => {
  const { id } = await vms.look({ status: 'online' });
  for (const [path, selector, loggedIn] of [['/login', '#login-submit', false], [`/vms/${id}/statistics`, '#cpu-canvas', true]]) {
    const { page } = loggedIn ? await coldLoggedInPage() : await suite.open();
    const wanted = partsFor(path).map((part) => `split_${part}.wasm`);
    const asked = new Set();
    let everyPartAsked;
    const partsAsked = new Promise((resolve) => {
      everyPartAsked = resolve;
    });
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop();
      if (wanted.includes(file)) asked.add(file);
      if (asked.size === wanted.length) everyPartAsked(true);
    });
    // The main module is held back until the page's parts have been asked
    // for: only a request made before it runs can be seen while it is held.
    let partsBeforeMain = true;
    let askedBeforeMain = [];
    await page.route(/\/vmdeck_bg\.wasm$/, async (route) => {
      const seen = await Promise.race([partsAsked, new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
      partsBeforeMain &&= seen;
      askedBeforeMain = [...asked];
      await route.continue();
    });
    await page.goto(`${suite.sim.url}${path}`);
    await page.waitForSelector(selector);
    assert.ok(partsBeforeMain, `${path}: ${wanted.join(', ')} asked for while the main module was on its way (asked then: ${askedBeforeMain.join(', ') || 'none'})`);
  }
});

test('a part that cannot be downloaded says so, and "Try again" brings it', async () => {
  const { page } = await coldLoggedInPage();
  let refuse = true;
  // The charts come in a module of their own.
  await page.route(/\/split_part_statistics\.wasm$/, (route) => (refuse ? route.abort('connectionfailed') : route.continue()));
  const vm = await vms.look();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/statistics`);
  const notice = await page.waitForSelector('.part-failed [role="alert"]');
  assert.match(await notice.textContent(), /Part of the panel did not load/);
  assert.match(await notice.textContent(), /could not download the code of the virtual machine's statistics/);
  // The rest of the page still works: the header and the other tabs.
  await page.waitForSelector('#vm-title');
  refuse = false;
  await page.click('.part-failed button:has-text("Try again")');
  await page.waitForSelector('#cpu-canvas');
  assert.equal(await page.$('.part-failed'), null);
});

test('a part the server no longer has (a new deployment) says a new version is available, and Reload brings it', async () => {
  const { page } = await coldLoggedInPage();
  let replaced = true;
  await page.route(/\/split_part_statistics\.wasm$/, (route) => (replaced ? route.fulfill({ status: 404, body: 'not found' }) : route.continue()));
  const vm = await vms.look();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/statistics`);
  const notice = await page.waitForSelector('.part-failed [role="alert"]');
  assert.match(await notice.textContent(), /A new version of the panel is available/);
  assert.match(await notice.textContent(), /Reload to use the new version/);
  assert.equal(await page.$('.part-failed button:has-text("Try again")'), null, 'trying again would find nothing');
  replaced = false;
  await Promise.all([page.waitForEvent('load'), page.click('.part-failed button:has-text("Reload")')]);
  await page.waitForSelector('#cpu-canvas');
});

test('moving around downloads each part at most once', async () => {
  const { page } = await coldLoggedInPage();
  const downloads = await recordDownloads(page);
  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector('#vm-table tbody tr a');
  await page.click('#vm-table tbody tr a');
  await page.waitForSelector('#vm-fields');
  for (const tab of ['disks', 'isos', 'snapshots', 'network', 'firewall', 'statistics', 'settings', 'overview']) {
    await page.click(`#tab-${tab}`);
    await page.waitForFunction(
      (tab) => document.querySelector(`#tab-${tab}`)?.getAttribute('aria-current') === 'page' && !document.querySelector('.part-loading'),
      tab,
    );
  }
  await page.click('.nav a[href="/vms"]');
  await page.click('#create-vm');
  await page.waitForSelector('#create-form');
  await page.click('.nav a[href="/vms"]');
  await page.waitForSelector('#vm-table tbody tr');
  const parts = [...downloads.keys()].filter((p) => p.includes('split_'));
  assert.ok(parts.length >= 4, `the pages came in parts: ${parts.join(', ')}`);
  for (const [file, count] of downloads) assert.equal(count, 1, `${file} downloaded ${count} times`);
});

/** The parts downloaded so far, by the names of their files (`part_vm`), sorted. */
const downloadedParts = (downloads) =>
  [...downloads.keys()].map((file) => file.match(/split_(part_[a-z_]+)\.wasm$/)?.[1]).filter(Boolean).sort();

test('a cold list fetches ahead the VM page only, once it is complete; with Save-Data, nothing', async () => {
  for (const saveData of [false, true]) {
    const { page } = await coldLoggedInPage();
    if (saveData) {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) });
      });
    }
    const downloads = await recordDownloads(page);
    await page.goto(`${suite.sim.url}/vms`);
    await page.waitForSelector('#vm-table tbody tr a');
    // The page is complete and idle well within this (the idle wait is at most 3 s).
    await page.waitForTimeout(4500);
    assert.deepEqual(downloadedParts(downloads), saveData ? [] : partsFor('/vms/1'), `save data: ${saveData}`);
    assert.deepEqual(await loadedParts(page), [], 'downloaded, not compiled');
    // Pointing at a link still fetches what is behind it.
    await page.hover('.nav a[href="/interfaces"]');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('split_part_account')));
  }
});
