// Protection of a VM in this panel: set on the Settings tab, shown on the VM's page and in the list, refusing destroy and rebuild there and a destroy in bulk or from a row's menu, kept across a reload, removed with the hostname typed; and a deployment that protects every VM by default.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { gotoVm, openVm } from '../support/pages/vm.mjs';
import { recordRequests, recordWrites } from '../support/requests.mjs';
import { deployedCopy, startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '300'], { before, after, afterEach });
const vms = vmPicker(suite);

/** Waits until `check` holds, asking every 100 ms for up to 5 s. */
async function until(check, what) {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${what}: not within 5 s`);
}

const exists = async (sim, vm) => (await apiGet(sim.api, accountPath(`/virtual_machine/${vm.id}`))).status === 200;

test('a protected VM refuses destroy and rebuild on its page and in its row, across a reload, until the protection is removed with its hostname', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'settings', { ready: '#card-protection' });
  const writes = recordWrites(page);
  assert.equal(await page.textContent('#protection-state'), 'Not protected.');
  assert.ok(await page.isEnabled('#open-destroy'));
  await page.click('#protection-on');
  await page.waitForSelector('#protection-off');
  assert.match(await page.textContent('#protection-state'), /^Protected/);
  await page.waitForSelector('.vm-state .badge-protected');
  for (const op of ['destroy', 'rebuild']) {
    assert.ok(await page.isDisabled(`#open-${op}`), `${op} is refused`);
    assert.match(await page.getAttribute(`#open-${op}`, 'title'), /^Protected in this panel: remove its protection first/);
    assert.match(await page.textContent(`#${op}-protected`), /^Protected in this panel: remove its protection first/);
  }
  assert.match(await page.textContent('#card-protection'), /guards this panel only: the API, other tools and other browsers can still destroy the VM/);

  // Kept in this browser: a reload, and the list, know it.
  await page.reload();
  await page.waitForSelector('#protection-off');
  assert.ok(await page.isDisabled('#open-destroy'));
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}`);
  await page.waitForSelector(`#vm-row-${vm.id} .badge-protected`);
  await page.click(`#vm-row-${vm.id} .row-menu summary`);
  assert.ok(await page.isDisabled(`#vm-row-${vm.id} [data-action="destroy"]`), "the row's destroy is refused");
  assert.match(await page.getAttribute(`#vm-row-${vm.id} [data-action="destroy"]`, 'title'), /remove its protection on the Settings tab first/);
  assert.ok(await page.isEnabled(`#vm-row-${vm.id} [data-action="reboot"]`), 'other actions are not');

  // Removing it asks for the hostname.
  await gotoVm(page, suite.sim.url, vm, 'settings', '#protection-off');
  await page.click('#protection-off');
  await page.waitForSelector('#protection-dialog[open]');
  assert.ok(await page.isDisabled('#protection-off-confirm'));
  await page.fill('#protection-off-typed', `${vm.hostname}x`);
  assert.ok(await page.isDisabled('#protection-off-confirm'));
  await page.fill('#protection-off-typed', vm.hostname);
  await page.click('#protection-off-confirm');
  await page.waitForSelector('#protection-on');
  assert.equal(await page.locator('.vm-state .badge-protected').count(), 0);
  assert.ok(await page.isEnabled('#open-destroy'));
  assert.equal(await page.locator('#destroy-protected').count(), 0);
  assert.deepEqual(writes.list(), [], 'protection is the panel\'s own: nothing is sent to the API');
});

test('a destroy in bulk leaves the protected VMs out, says so, and sends one request for each of the others', async () => {
  const picked = [];
  for (let i = 0; i < 7; i += 1) picked.push(await vms.take({ status: 'offline' }));
  const guarded = [picked[1], picked[4]];
  const { page } = await loggedInPage(suite);
  for (const vm of guarded) {
    await gotoVm(page, suite.sim.url, vm, 'settings', '#protection-on');
    await page.click('#protection-on');
    await page.waitForSelector('#protection-off');
  }
  await page.goto(`${suite.sim.url}/vms?status=offline&limit=100`);
  await page.waitForSelector('#vm-table tbody tr');
  for (const vm of picked) await page.check(`#select-${vm.id}`);
  await page.waitForSelector('#bulk-count:text("7 VMs selected")');
  const deletes = recordRequests(page, (url, method) => method === 'DELETE');
  await page.click('#bulk-destroy');
  await page.waitForSelector('#bulk-destroy-dialog[open]');
  const toGo = await page.textContent('#bulk-destroy-list');
  const leftOut = await page.textContent('#bulk-destroy-protected');
  for (const vm of picked) {
    const isGuarded = guarded.includes(vm);
    const named = new RegExp(`VM ${vm.id}(?!\\d)`);
    assert.equal(named.test(toGo), !isGuarded, `${vm.id} ${isGuarded ? 'is not' : 'is'} to be destroyed`);
    assert.equal(named.test(leftOut), isGuarded);
  }
  await page.fill('#bulk-destroy-typed', 'destroy');
  await page.click('#bulk-destroy-confirm');
  await page.waitForSelector('#bulk-results .notice-title:text("Destroy: 5 accepted, 0 refused")');
  for (const vm of guarded) {
    assert.match(await page.textContent(`#bulk-results li[data-vm="${vm.id}"]`), /not sent: protected in this panel/);
  }
  const sent = deletes.list().map((d) => d.path.split('/').pop()).sort();
  assert.deepEqual(sent, picked.filter((vm) => !guarded.includes(vm)).map((vm) => vm.id).sort());
  // More VMs than go at once: the round still ends, and the selection with it.
  await page.waitForSelector('#bulk-bar', { state: 'hidden' });
  for (const vm of guarded) assert.ok(await exists(suite.sim, vm), `${vm.id} is still there`);
});

test('a deployment that protects every VM: the page says so, a destroy in bulk of protected VMs has nothing to send, and a VM unprotected can go', async () => {
  const deployed = deployedCopy('protect-vms', (built) => ({ ...built, protect_vms: true }));
  const sim = await startSim(['--vms', '6', '--op-ms', '300', '--dist', deployed.dir]);
  try {
    const [first, second] = (await apiGet(sim.api, accountPath('/virtual_machines?limit=2'))).body;
    const { page } = await loggedInPage(suite, { base: sim.url });
    await gotoVm(page, sim.url, first, 'settings', '#protection-off');
    assert.match(await page.textContent('#protection-state'), /Your provider protects every VM in this panel/);
    await page.goto(`${sim.url}/vms`);
    await page.waitForSelector(`#vm-row-${second.id} .badge-protected`);
    await page.check(`#select-${second.id}`);
    await page.click('#bulk-destroy');
    await page.waitForSelector('#bulk-destroy-dialog[open]');
    assert.match(await page.textContent('#bulk-destroy-protected'), /Every VM chosen is protected: there is nothing to destroy/);
    assert.equal(await page.locator('#bulk-destroy-typed').count(), 0);
    assert.ok(await page.isDisabled('#bulk-destroy-confirm'));
    await page.keyboard.press('Escape');

    // The user's choice wins over the deployment's.
    await gotoVm(page, sim.url, first, 'settings', '#protection-off');
    await page.click('#protection-off');
    await page.fill('#protection-off-typed', first.hostname);
    await page.click('#protection-off-confirm');
    await page.waitForSelector('#protection-on');
    await page.click('#open-destroy');
    await page.fill('#destroy-typed', first.hostname);
    await page.click('#destroy-dialog #confirm-action');
    await page.waitForURL(`${sim.url}/vms`);
    await until(async () => !(await exists(sim, first)), 'the VM is destroyed');
    assert.ok(await exists(sim, second));
  } finally {
    await sim.stop();
    deployed.remove();
  }
});
