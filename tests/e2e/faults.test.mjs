// A failing API and a bad network, switched on and off: every page says what failed, offers a retry, sends an action once and recovers.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { VM_TABS, gotoVm, partBehind } from '../support/pages/vm.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '12', '--op-ms', '800'], { before, after, afterEach });
// The tests that only visit share a VM; the one that reboots takes its own.
const vms = vmPicker(suite);

const KINDS = {
  'server errors': { error_rate: 1 },
  'malformed and HTML answers': { malformed_rate: 1 },
  'dropped connections': { drop_rate: 1 },
};

/** The longest an error may take to show: three tries of a GET, backoff and a Retry-After included. */
const ERROR_WITHIN_MS = 12000;

/** Every fault off, then a fresh page on the VM list. */
async function loggedInWithoutFaults() {
  await suite.sim.setFaults();
  return loggedInPage(suite, { ready: '#vm-table tbody tr' });
}

for (const [kind, faults] of Object.entries(KINDS)) {
  test(`${kind}: every page says what failed, offers a retry, and recovers`, async () => {
    const { page } = await loggedInWithoutFaults();
    const vm = await vms.look({ status: 'online' });
    const routes = [
      ['/vms', '#vm-table tbody tr'],
      ...VM_TABS.map(({ path }) => [`/vms/${vm.id}${path}`, '#vm-title']),
      ['/interfaces', 'table tbody tr'],
      ['/ip-addresses', 'table tbody tr'],
    ];
    try {
      for (const [route, content] of routes) {
        await suite.sim.setFaults(faults);
        await page.goto(`${suite.sim.url}${route}`);
        const alert = await page.waitForSelector('[role="alert"]:has(button:text("Try again"))', { timeout: ERROR_WITHIN_MS });
        const said = await alert.textContent();
        assert.match(said, /failed\./, `${route}: ${said}`);
        assert.doesNotMatch(said, /undefined|null|\{|<html/i, `${route}: a clear message, not a dump: ${said}`);
        assert.equal(await page.$('.skeleton, [aria-busy="true"]'), null, `${route}: nothing still spinning beside the error`);

        await suite.sim.setFaults();
        await alert.$eval('button', (button) => button.click());
        await page.waitForSelector(content, { timeout: 10000 });
        await page.waitForLoadState('networkidle');
        assert.equal(await page.$('[role="alert"]:has(button:text("Try again"))'), null, `${route}: recovered`);
      }
    } finally {
      await suite.sim.setFaults();
    }
  });
}

test('an action under faults is sent once, its failure is said, and nothing is retried behind the user', async () => {
  const { page } = await loggedInWithoutFaults();
  const rebooted = [];
  for (let i = 0; i < Object.keys(KINDS).length; i += 1) rebooted.push(await vms.take({ status: 'online' }));
  try {
    for (const [index, faults] of Object.values(KINDS).entries()) {
      const vm = rebooted[index];
      await gotoVm(page, suite.sim.url, vm);
      await page.waitForLoadState('networkidle');
      const recorded = recordWrites(page);
      await suite.sim.setFaults(faults);
      await page.click('#action-reboot');
      await page.click('#reboot-dialog #confirm-action');
      await page.waitForSelector('[role="alert"]', { timeout: ERROR_WITHIN_MS });
      await suite.sim.setFaults();
      await page.waitForTimeout(2500);
      recorded.stop();
      const writes = recorded.list().map((r) => `${r.method} ${r.url}`);
      assert.equal(writes.length, 1, `one request for ${JSON.stringify(faults)}: ${writes.join(', ')}`);
    }
  } finally {
    await suite.sim.setFaults();
  }
});

test('a slow API shows that it is loading, then the page', async () => {
  const { page } = await loggedInWithoutFaults();
  const vm = await vms.look({ status: 'online' });
  try {
    await suite.sim.setFaults({ latency_ms: 1500 });
    await page.click(`#vm-row-${vm.id} a.vm-link`);
    await page.waitForSelector('.skeleton, [aria-busy="true"]', { timeout: 1000 });
    await page.waitForSelector('#vm-title', { timeout: 10000 });
  } finally {
    await suite.sim.setFaults();
  }
});

test('offline and back: the panel says the API cannot be reached, then recovers on retry', async () => {
  const { page, context } = await loggedInWithoutFaults();
  const vm = await vms.look({ status: 'online' });
  await partBehind(page, `#vm-row-${vm.id} a.vm-link`, 'part_vm');
  await context.setOffline(true);
  await page.click(`#vm-row-${vm.id} a.vm-link`);
  const alert = await page.waitForSelector('[role="alert"]:has(button:text("Try again"))', { timeout: ERROR_WITHIN_MS });
  assert.match(await alert.textContent(), /Cannot reach the API/);
  await context.setOffline(false);
  await alert.$eval('button', (button) => button.click());
  await page.waitForSelector('#vm-title', { timeout: 10000 });
  await page.click('#nav-interfaces, a[href="/interfaces"]');
  await page.waitForSelector('table tbody tr');
});
