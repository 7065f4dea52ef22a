// The app shell: deep links, unknown pages and bad ids, the API going down while logged in, each route's title, and the keyboard shortcuts and switcher.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, addressesOf, apiGet } from '../support/api.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { VM_TABS, partBehind } from '../support/pages/vm.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '75', '--account', '1:demo-token', '--account', '2:second-token'], { before, after, afterEach });

test('a deep link reloaded opens the same page, and works from a fresh login', async () => {
  const { page } = await suite.open();
  const [, vm] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=2'))).body;

  await page.goto(`${suite.sim.url}/vms/${vm.id}`);
  await page.waitForURL(new RegExp(`/login\\?next=%2Fvms%2F${vm.id}$`));
  await logIn(page, suite.sim.url);
  await page.waitForURL(new RegExp(`/vms/${vm.id}$`));
  await page.waitForSelector(`#vm-title:text("${vm.label}")`);

  await page.reload();
  await page.waitForSelector(`#vm-title:text("${vm.label}")`);
  assert.match(page.url(), new RegExp(`/vms/${vm.id}$`));
});

test('an unknown page says so, and a bad VM id is an error, not a crash', async () => {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/no/such/page`);
  await page.waitForSelector('#not-found');
  await page.goto(`${suite.sim.url}/vms/not-an-id`);
  await page.waitForSelector('[role="alert"]:has-text("not a valid virtual machine id")');
  await page.goto(`${suite.sim.url}/vms/999999`);
  await page.waitForSelector('[role="alert"]:has-text("Not found")');
});

test('the API going down while logged in shows an error with a retry', async () => {
  const own = await startSim(['--vms', '5']);
  const { page } = await loggedInPage(suite, { base: own.url, ready: '#vm-table tbody tr' });
  await partBehind(page, '#vm-table tbody tr:first-child a.vm-link', 'part_vm');
  await own.stop();
  await page.click('#vm-table tbody tr:first-child a.vm-link');
  const alert = await page.waitForSelector('[role="alert"]', { timeout: 20000 });
  assert.match(await alert.textContent(), new RegExp(`Cannot reach the API at ${own.api.replace(/[.]/g, '\\.')}`));
  assert.ok(await page.$('[role="alert"] button:text("Try again")'));
});

test('every route has its own title, naming the VM or the count once known', async () => {
  const handle = await suite.open();
  const { page } = handle;
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForFunction(() => document.title === 'Log in · vmdeck');
  await logIn(page, suite.sim.url);
  const total = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1'))).headers.get('x-total');
  await page.waitForFunction((t) => document.title === `Virtual machines (${t}) · vmdeck`, total);

  const [vm] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1'))).body;
  const name = vm.label || vm.hostname;
  for (const { path, title } of VM_TABS) {
    await page.goto(`${suite.sim.url}/vms/${vm.id}${path}`);
    await page.waitForFunction((t) => document.title === t, `${name} · ${title} · vmdeck`);
  }
  for (const [path, title] of [['/vms/new', 'Create a VM · vmdeck'], ['/interfaces', 'Network interfaces · vmdeck'], ['/ip-addresses', 'IP addresses · vmdeck'], ['/nowhere', 'Page not found · vmdeck']]) {
    await page.goto(`${suite.sim.url}${path}`);
    await page.waitForFunction((t) => document.title === t, title);
  }
  // Titles follow the app's own navigation too, not only loads.
  await page.click('nav a[href="/vms"]');
  await page.waitForFunction((t) => document.title === `Virtual machines (${t}) · vmdeck`, total);
});

test('Ctrl+K finds a VM by its IP address and opens it; g i, g v and ? work, but not while typing', async () => {
  const { page } = await loggedInPage(suite);
  const [, vm] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=2&offset=30'))).body;
  const [ip] = await addressesOf(suite.sim.api, vm);
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#switcher[open]');
  await page.fill('#switcher-input', ip);
  await page.waitForSelector(`#switcher-results a[href="/vms/${vm.id}"]`);
  // The VM comes after the pages that match; the arrows reach it.
  const options = await page.$$eval('#switcher-results a', (links) => links.map((a) => a.getAttribute('href')));
  for (let i = 0; i < options.indexOf(`/vms/${vm.id}`); i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/vms/${vm.id}$`));
  await page.waitForSelector('#vm-title');
  assert.equal(await page.isVisible('#switcher[open]'), false);

  // "/" opens it too, and offers this VM's tabs.
  await page.keyboard.press('/');
  await page.fill('#switcher-input', 'firewall');
  await page.waitForSelector(`#switcher-results a[href="/vms/${vm.id}/firewall"]`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#switcher', { state: 'hidden' });

  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await page.waitForURL(/\/interfaces$/);
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await page.waitForURL(/\/vms$/);
  await page.keyboard.press('?');
  await page.waitForSelector('#shortcuts-help[open]:has-text("g a")');
  await page.keyboard.press('Escape');

  // Typed into a field, the same keys are text.
  await page.click('#vm-search');
  await page.keyboard.type('g i/?');
  await page.waitForTimeout(300);
  assert.match(page.url(), /\/vms/);
  assert.equal(await page.isVisible('#switcher[open]'), false);
  assert.equal(await page.isVisible('#shortcuts-help[open]'), false);
});
