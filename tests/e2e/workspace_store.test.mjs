// A deployment that names a store for workspace files (config.json's workspace_store): the workspace saved there from one browser is taken into a fresh one after its preview; the store gets the login's token in its header and nothing else of it; a store that fails says so and the login goes on; a login to another API than the deployment's sends nothing there; without a store the page offers none.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems } from '../support/accessibility.mjs';
import { DEMO, vmPicker } from '../support/api.mjs';
import { loggedInPage, logIn } from '../support/pages/login.mjs';
import { gotoVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { deployedCopy, startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const STORE = '/_store/workspace';
const deployed = deployedCopy('store', (built) => ({ ...built, workspace_store: STORE }));
const suite = useSuite(['--vms', '12', '--dist', deployed.dir], { before, after, afterEach });
after(deployed.remove);
const vms = vmPicker(suite);

const stored = async () => {
  const response = await fetch(`${suite.sim.url}${STORE}`, { headers: { Authorization: DEMO.token } });
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
};
test('the workspace saved with the provider in one browser is taken into a fresh one after its preview', async () => {
  const vm = await vms.take({});
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const toStore = recordRequests(page, (url) => url.includes(STORE));

  // Nothing is kept there yet.
  await page.goto(`${suite.sim.url}/workspace`);
  await page.click('#workspace-store-read');
  await page.waitForSelector('#workspace-store-none');
  assert.match(await page.textContent('#workspace-store-title'), /A copy kept by /);
  assert.match(await page.textContent('.workspace-store'), new RegExp(`goes with your login to ${suite.sim.url}${STORE}`));

  await gotoVm(page, suite.sim.url, vm);
  await page.click('#vm-tags-edit');
  await page.fill('#vm-tags-text', 'follows-me');
  await page.click('#vm-tags-add');
  await page.waitForSelector('#vm-tags .tag-list li:has-text("follows-me")');
  await page.click('#vm-tags-dialog .modal-actions button');

  await page.goto(`${suite.sim.url}/workspace`);
  await page.click('#workspace-store-save');
  await page.waitForSelector('#workspace-store-saved');
  const copy = await stored();
  assert.equal(copy.status, 200);
  assert.equal(copy.body.format, 'vmdeck-workspace');
  assert.equal(copy.body.account, DEMO.account);
  assert.deepEqual(copy.body.tags, { [vm.id]: ['follows-me'] });
  assert.ok(!JSON.stringify(copy.body).includes(DEMO.token), 'the token is not in the copy');
  const sent = toStore.list();
  assert.deepEqual(sent.map((r) => r.method), ['GET', 'PUT']);
  assert.ok(sent.every((r) => !r.url.includes(DEMO.token)), 'the token is in no address');
  assert.deepEqual(await axeProblems(page, 'the workspace page with its store'), []);

  // A fresh browser: the copy's preview first, then it is taken in.
  const fresh = (await loggedInPage(suite, { ready: '#vm-table tbody tr' })).page;
  await fresh.goto(`${suite.sim.url}/workspace`);
  await fresh.click('#workspace-store-read');
  await fresh.waitForSelector('#workspace-preview');
  assert.match(await fresh.textContent('#workspace-changes'), /Tags: 1 added/);
  assert.equal(await fresh.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('vmdeck.tags.'))), false, 'nothing kept before it is taken in');
  await fresh.click('#workspace-take-in');
  await fresh.waitForSelector('#workspace-taken');
  await fresh.goto(`${suite.sim.url}/vms`);
  await fresh.waitForSelector(`#vm-row-${vm.id} .cell-tags .tag:has-text("follows-me")`);
});

test('a store that fails or refuses the login says so and the login goes on', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/workspace`);
  await page.waitForSelector('#workspace-store-save');
  await suite.sim.setFaults({ error_rate: 1 });
  try {
    await page.click('#workspace-store-save');
    await page.waitForSelector('#workspace-store-failed', { timeout: 20000 });
    assert.match(await page.textContent('#workspace-store-failed'), /Saving the copy with .* failed/);
  } finally {
    await suite.sim.setFaults();
  }
  // A store that refuses the login (the API still takes it) says so in its own words, not as the API's refusal.
  await page.route('**/_store/workspace', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Invalid token"}' }));
  await page.click('#workspace-store-read');
  await page.waitForSelector('#workspace-store-failed:has-text("did not accept your login")');
  const said = await page.textContent('#workspace-store-failed');
  assert.match(said, /Reading the copy kept by .* failed\. .* did not accept your login for its copy\. Your login to the API goes on/);
  assert.doesNotMatch(said, /session expired|token was refused/);
  assert.equal(await page.textContent('#workspace-store-failed .notice-title'), 'Not allowed');
  await page.unroute('**/_store/workspace');
  // Still logged in: the list opens.
  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector('#vm-table tbody tr');
});

test("a login to another API than the deployment's sends nothing to the store", async () => {
  const elsewhere = deployedCopy('store-elsewhere', (built) => ({ ...built, api_base_url: 'https://api.example.com/v1', workspace_store: STORE }));
  const other = await startSim(['--vms', '2', '--dist', elsewhere.dir]);
  try {
    const handle = await suite.open();
    const toStore = recordRequests(handle.page, (url) => url.includes(STORE));
    await logIn(handle.page, other.url, { apiUrl: `${other.url}/api` });
    await handle.page.waitForSelector('#vm-table');
    await handle.page.goto(`${other.url}/workspace`);
    await handle.page.waitForSelector('#workspace-store-elsewhere');
    assert.equal(await handle.page.locator('#workspace-store-save').count(), 0);
    assert.equal(toStore.list().length, 0);
  } finally {
    await other.stop();
    elsewhere.remove();
  }
});

test('at 320 px, in Spanish, the card and its long address stay within the screen', async () => {
  const { page } = await loggedInPage(suite, { viewport: { width: 320, height: 700 }, locale: 'es-ES' });
  await page.goto(`${suite.sim.url}/workspace`);
  await page.waitForSelector('#workspace-store-save');
  const over = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    card: document.querySelector('.workspace-store').getBoundingClientRect().right - document.documentElement.clientWidth,
    // A paragraph as wide as its longest word reaches past the card's edge.
    cut: [...document.querySelectorAll('.workspace-store p')].map((p) => p.getBoundingClientRect().right - document.querySelector('.workspace-store').getBoundingClientRect().right).filter((px) => px > 0),
  }));
  assert.ok(over.page <= 0 && over.card <= 0 && over.cut.length === 0, `past the screen's or its box's edge: ${JSON.stringify(over)}`);
});

