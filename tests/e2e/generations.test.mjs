// The panel against the provider's other generations (the simulator's --generation): OnApp's joins, wrappers and primary disks, and the oldest API's create envelope. A short pass each: log in, the list, a VM page with every tab, one write of each kind.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, addressesOf, apiGet, nicsOf, rebootBehindTheBack } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { fillIn } from '../support/pages/forms.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { VM_TABS, gotoVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '1'], { before, after, afterEach });

/** A simulator answering as `generation`, for one test. */
async function withGeneration(generation, body) {
  const sim = await startSim(['--generation', generation, '--vms', '12', '--op-ms', '600']);
  try {
    await body(sim);
  } finally {
    await sim.stop();
  }
}

const vmsWhere = async (sim, query) => (await apiGet(sim.api, accountPath(`/virtual_machines?${query}`))).body;

/** The list, every tab of a VM, and a write of each kind: 200, 202, 201, an address added and removed. */
async function shortPass(sim, page, { carriesAddresses }) {
  const reads = recordRequests(page, (url) => url.includes('/account/1/ip_addresses'));
  await page.goto(`${sim.url}/vms?limit=25`);
  const [first] = await vmsWhere(sim, 'limit=1');
  const [address] = await addressesOf(sim.api, first);
  await page.waitForSelector(`#vm-row-${first.id} td[data-label="IP addresses"]:has-text("${address}")`);
  assert.equal(reads.list().length, carriesAddresses ? 0 : 1, 'the account\'s addresses are read only where VMs do not list theirs');

  const [online] = await vmsWhere(sim, 'status=online&locked=0&limit=1');
  for (const { tab, ready } of VM_TABS) {
    await gotoVm(page, sim.url, online, tab, ready);
  }
  await gotoVm(page, sim.url, online, 'disks', '#disk-table');
  const kinds = await page.$$eval('#disk-table tbody tr', (rows) => rows.map((r) => r.children[2].textContent));
  assert.equal(kinds.filter((k) => k === 'system').length, 1, kinds.join());

  // 202: a reboot, done once seen.
  await gotoVm(page, sim.url, online, '', '.vm-state .badge-online');
  await page.click('#action-reboot');
  await page.click('#reboot-dialog #confirm-action');
  await page.click('#task-tray-toggle');
  await page.waitForSelector('.tray-list .task-done', { timeout: 15000 });
  await page.click('#task-tray-toggle');

  // 201: a firewall rule.
  await gotoVm(page, sim.url, online, 'firewall', '#rule-default');
  await fillIn(page, { '#rule-command': 'ACCEPT', '#rule-protocol': 'TCP', '#rule-port': '8443' });
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("8443")');

  // An address added and removed, on an idle VM's only interface.
  const offline = (await vmsWhere(sim, 'status=offline&locked=0')).find(Boolean);
  const before = await addressesOf(sim.api, offline);
  assert.equal((await nicsOf(sim.api, offline)).length >= 1, true);
  await gotoVm(page, sim.url, offline, 'network', '.nic .nic-ips li');
  const card = page.locator('.nic').first();
  const count = await card.locator('.nic-ips li').count();
  await card.locator('button:text("Add IP")').click();
  await page.click('#add-ip-dialog #confirm-action');
  await page.waitForFunction((n) => document.querySelector('.nic .nic-ips').children.length === n, count + 1);
  const added = (await addressesOf(sim.api, offline)).find((a) => !before.includes(a));
  await card.locator(`.nic-ips li:has-text("${added}") button:text("Remove")`).click();
  await page.click('#remove-ip-dialog #confirm-action');
  await page.waitForFunction((n) => document.querySelector('.nic .nic-ips').children.length === n, count);

  // 200: a new label.
  await gotoVm(page, sim.url, offline, 'settings', '#open-edit');
  await page.click('#open-edit');
  await page.fill('#edit-label', 'Renamed in this generation');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#vm-title:has-text("Renamed in this generation")');
}

test('OnApp\'s shapes: joins, addresses on the VM, primary disks, and a busy VM\'s 403 worded as "not now"', async () => {
  await withGeneration('onapp', async (sim) => {
    const { page } = await loggedInPage(suite, { base: sim.url });
    await shortPass(sim, page, { carriesAddresses: true });

    const [vm] = await vmsWhere(sim, 'status=online&locked=0&limit=1');
    await gotoVm(page, sim.url, vm, '', '.vm-state .badge-online');
    // Busy behind the panel's back, before the panel looks again.
    await rebootBehindTheBack(sim.api, vm.id);
    await page.click('#action-reboot');
    await page.click('#reboot-dialog #confirm-action');
    const said = await page.waitForSelector('#reboot-dialog [role="alert"]');
    assert.match(await said.textContent(), /cannot be done at the moment/);
  });
});

test('the oldest generation: a create answered in its envelope is followed to the new VM', async () => {
  await withGeneration('oldest', async (sim) => {
    const { page } = await loggedInPage(suite, { base: sim.url });
    await shortPass(sim, page, { carriesAddresses: false });

    await page.goto(`${sim.url}/vms`);
    await openCreateForm(page);
    await fillBasics(page, { label: 'Envelope', hostname: 'envelope-1' });
    await page.click('#create-submit');
    await page.waitForURL(/\/vms\/\d+$/);
    await page.waitForSelector('#vm-title:has-text("Envelope")');
    await page.click('#task-tray-toggle');
    await page.waitForSelector('.tray-list .task-done:has-text("Envelope")', { timeout: 20000 });
  });
});
