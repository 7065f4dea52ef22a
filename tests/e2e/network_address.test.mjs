// An address added to a network by hand on the IP addresses page: reserved for the account, on no VM, listed at once; the same address again is the API's refusal, shown at the address field with what was typed kept.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { accountPath, apiGet } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });

/** The simulator's private network (10.0.0.0/8). */
const PRIVATE = '2';

/** An address of the private network that the account does not hold (the seeded ones are low in 10.0.0.0/8). */
async function freshAddress() {
  const held = new Set((await apiGet(suite.sim.api, accountPath('/ip_addresses'))).body.map((ip) => ip.address));
  for (;;) {
    const address = `10.254.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;
    if (!held.has(address)) return address;
  }
}

/** The IP addresses page, once the list and the networks to choose from are there. */
async function openAddresses() {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/ip-addresses`);
  await page.waitForSelector('#ips-table');
  await page.waitForSelector(`#add-address-network-id:not([disabled]) option[value="${PRIVATE}"]`, { state: 'attached' });
  return page;
}

test('an address added to the private network is reserved, listed, and recorded', async () => {
  const page = await openAddresses();
  const address = await freshAddress();
  const writes = recordWrites(page);
  await page.selectOption('#add-address-network-id', PRIVATE);
  await page.fill('#add-address-address', address);
  await page.click('#add-address-submit');
  await page.waitForSelector(`#add-address-done:has-text("${address}")`);
  assert.deepEqual(
    writes.list().map((w) => [w.method, new URL(w.url).pathname.replace(/^.*\/account\//, '/account/'), JSON.parse(w.body)]),
    [['POST', accountPath(`/network/${PRIVATE}/ip_address`), { address }]],
  );
  // Read again: the new address shows, reserved and on no VM.
  const row = `#ips-table tbody tr:has(td.mono:text-is("${address}"))`;
  await page.waitForSelector(`${row} td:last-child:text-is("reserved, free")`);
  const listed = (await apiGet(suite.sim.api, accountPath('/ip_addresses'))).body.find((ip) => ip.address === address);
  assert.ok(listed, 'the account lists it');
  assert.equal(String(listed.network_id), PRIVATE);
  assert.equal(listed.free, true);
  assert.equal(listed.reserved, true);
  const onNetwork = (await apiGet(suite.sim.api, accountPath(`/network/${PRIVATE}/ip_addresses`))).body;
  assert.ok(onNetwork.some((ip) => ip.address === address), 'the network lists it');
  // The form starts over, and the history has the write, done.
  assert.equal(await page.inputValue('#add-address-address'), '');
  await page.click('#task-tray-toggle');
  await page.waitForSelector(`#task-tray .task-done:has-text("Add address to network"):has-text("${address}")`);
});

test('an address the network has already is the API\'s refusal, at the address field, nothing lost', async () => {
  const page = await openAddresses();
  const address = await freshAddress();
  const writes = recordWrites(page);
  await page.selectOption('#add-address-network-id', PRIVATE);
  await page.fill('#add-address-address', address);
  await page.click('#add-address-submit');
  await page.waitForSelector(`#add-address-done:has-text("${address}")`);
  await page.selectOption('#add-address-network-id', PRIVATE);
  await page.fill('#add-address-address', address);
  await page.click('#add-address-submit');
  await page.waitForSelector('#add-address-address-error:has-text("is already in use")');
  assert.equal(await page.getAttribute('#add-address-address', 'aria-invalid'), 'true');
  assert.equal(await page.inputValue('#add-address-address'), address, 'what was typed stays');
  assert.equal(await page.inputValue('#add-address-network-id'), PRIVATE);
  assert.equal(await page.$('#add-address-done'), null, 'no word of success');
  assert.equal(writes.list().length, 2, 'each try sent once');
  const listed = (await apiGet(suite.sim.api, accountPath('/ip_addresses'))).body.filter((ip) => ip.address === address);
  assert.equal(listed.length, 1, 'the address is the account\'s once');
  // Edited, the refusal gives way to the form's own check: an address that is not IPv4 is held back.
  await page.fill('#add-address-address', '10.0.0');
  await page.waitForSelector('#add-address-address-error:has-text("IPv4")');
  assert.ok(await page.isDisabled('#add-address-submit'), 'held while the address is wrong');
  assert.equal(writes.list().length, 2);
});
