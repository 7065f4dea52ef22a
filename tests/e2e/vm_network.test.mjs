// The VM's Network tab: interfaces and their addresses added and removed, the default policy, a refusal explained.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { nicsOf, vmPicker } from '../support/api.mjs';
import { setPolicyDrop } from '../support/pages/network.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('add a private interface, add an address, remove it: the interface goes too', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 1 });
  const { page } = await openVm(suite, vm, 'network', { ready: '.nic' });
  await page.click('#open-add-interface');
  await page.selectOption('#add-interface-dialog #nic-network-id', '2');
  await page.fill('#add-interface-dialog #nic-label', 'backend');
  await page.fill('#add-interface-dialog #nic-rate-limit', '0');
  await page.click('#add-interface-dialog #confirm-action');
  const card = page.locator('.nic:has-text("backend")');
  await card.waitFor();
  assert.match(await card.locator('.nic-rate').textContent(), /unlimited/);

  await card.locator('button:text("Add IP")').click();
  await page.click('#add-ip-dialog #confirm-action');
  await card.locator('.nic-ips li').waitFor();
  assert.equal(await card.locator('.nic-ips li').count(), 1);

  await card.locator('.nic-ips li button:text("Remove")').click();
  await page.waitForSelector('#last-ip-warning');
  await page.click('#remove-ip-dialog #confirm-action');
  await page.waitForFunction(() => ![...document.querySelectorAll('.nic')].some((n) => n.textContent.includes('backend')));
  assert.equal((await nicsOf(suite.sim.api, vm)).length, 1);
});

test('a second interface on a public network is explained in words', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicsOf(suite.sim.api, v)).some((n) => n.network_id === '1') });
  const { page } = await openVm(suite, vm, 'network', { ready: '.nic' });
  await page.click('#open-add-interface');
  await page.selectOption('#add-interface-dialog #nic-network-id', '1');
  await page.click('#add-interface-dialog #confirm-action');
  const message = await page.waitForSelector('#nic-412');
  assert.match(await message.textContent(), /already has an interface on that public network/);
});

test('change the default policy, then delete the interface (with what goes with it)', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 2 });
  const { page } = await openVm(suite, vm, 'network');
  const card = page.locator('.nic').nth(1);
  await card.waitFor();
  const name = (await card.locator('h2').textContent()).trim();
  // A second interface has no rules: DROP shuts everything out, which the guard says first.
  assert.equal(await setPolicyDrop(page, card.locator('button:text("Default policy")')), true);
  await page.waitForFunction((n) => [...document.querySelectorAll('.nic')].some((c) => c.textContent.includes(n) && c.querySelector('.nic-policy').textContent === 'DROP'), name);

  await page.locator('.nic').nth(1).locator('button:text("Delete")').click();
  await page.waitForSelector('#delete-interface-parts li:has-text("IP addresses")');
  await page.click('#delete-interface-dialog #confirm-action');
  await page.waitForFunction(() => document.querySelectorAll('.nic').length === 1);
});
