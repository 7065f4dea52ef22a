// The account-wide pages: network interfaces and IP addresses, filtered in the URL, with links to their VMs.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { accountPath, apiGet } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });

test('the account pages filter interfaces and addresses', async () => {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  await page.selectOption('#nics-filter-network', '2');
  await page.waitForURL(/network_id=2/);
  const all = (await apiGet(suite.sim.api, accountPath('/network_interfaces?network_id=2'))).body;
  await page.waitForSelector(`#nics-count:text("${all.length} interfaces")`);
  const networks = await page.$$eval('#nics-table tbody tr td:nth-child(4)', (tds) => [...new Set(tds.map((t) => t.textContent))]);
  assert.deepEqual(networks, ['Private']);

  const [ip] = (await apiGet(suite.sim.api, accountPath('/ip_addresses'))).body.filter((i) => !i.free);
  // The documented address names its interface only: its VM is the interface's.
  const nic = (await apiGet(suite.sim.api, accountPath('/network_interfaces'))).body.find((n) => n.id === ip.interface_id);
  await page.goto(`${suite.sim.url}/ip-addresses`);
  await page.waitForSelector('#ips-table');
  await page.fill('#ips-filter', ip.address);
  await page.press('#ips-filter', 'Enter');
  await page.waitForURL(/ip=/);
  await page.waitForSelector('#ips-count:text("1 addresses")');
  assert.equal(await page.textContent('#ips-table tbody td.mono'), ip.address);
  await page.click(`#ips-table a[href="/vms/${nic.virtual_machine_id}/network"]`);
  await page.waitForSelector('.nic');
});

test('the account pages export what they list, as CSV and JSON', async () => {
  const { page } = await loggedInPage(suite);
  for (const [path, id, apiPath, table] of [['/ip-addresses', 'ips', '/ip_addresses', '#ips-table'], ['/interfaces', 'nics', '/network_interfaces', '#nics-table']]) {
    await page.goto(`${suite.sim.url}${path}`);
    await page.waitForSelector(table);
    const all = (await apiGet(suite.sim.api, accountPath(apiPath))).body;
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}-export-csv`)]);
    const lines = (await readFile(await csv.path(), 'utf8')).trimEnd().split('\r\n');
    assert.equal(lines.length - 1, all.length, `${path}: a CSV row per item`);
    const [json] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}-export-json`)]);
    assert.equal(JSON.parse(await readFile(await json.path(), 'utf8')).length, all.length, `${path}: every item in the JSON`);
  }
});
