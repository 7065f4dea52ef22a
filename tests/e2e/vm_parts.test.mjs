// The VM's sub-resources against the simulator: ISOs, interfaces and their
// addresses, firewall rules, snapshots, disks, and the account-wide pages.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, loggedInPage, useSuite, vmPicker } from './harness.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });

async function loggedIn() {
  const handle = await loggedInPage(suite);
  const writes = [];
  handle.page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push({ method: r.method(), path: r.url().split('/api')[1], body: r.postData() });
  });
  return { ...handle, writes };
}

/** An idle VM of the account that no other test has taken. */
const takeVm = vmPicker(suite);
const nicsOf = async (vm) => (await apiGet(suite.sim.api, `/account/1/virtual_machine/${vm.id}/network_interfaces`)).body;
const idle = async () => { await new Promise((r) => setTimeout(r, 0)); };

test('mount an ISO by URL (checked first), then unmount it', async () => {
  const vm = await takeVm(async (v) => v.status === 'offline' && v.cdrom === 0);
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/isos`);
  await page.waitForSelector('#iso-none');
  await page.click('#iso-by-url');
  await page.fill('#iso-url', 'file:///etc/passwd');
  await page.locator('#iso-url').blur();
  await page.waitForSelector('#iso-url-error:has-text("http://, https://, ftp:// or ftps://")');
  await page.fill('#iso-url', 'https://mirror.example.org/rescue.iso');
  await page.click('#iso-mount');
  await page.waitForSelector('#iso-name:text("https://mirror.example.org/rescue.iso")');
  assert.match(await page.textContent('#iso-boot-note'), /CD-ROM/);
  await page.click('#iso-unmount');
  await page.waitForSelector('#iso-none');
});

test('add a private interface, add an address, remove it: the interface goes too', async () => {
  const vm = await takeVm(async (v) => v.status === 'offline' && (await nicsOf(v)).length === 1);
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/network`);
  await page.waitForSelector('.nic');
  await page.click('#open-add-interface');
  await page.selectOption('#add-interface-dialog #nic-network', '2');
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

  await card.locator('.nic-ips li button').click();
  await page.waitForSelector('#last-ip-warning');
  await page.click('#remove-ip-dialog #confirm-action');
  await page.waitForFunction(() => ![...document.querySelectorAll('.nic')].some((n) => n.textContent.includes('backend')));
  assert.equal((await nicsOf(vm)).length, 1);
});

test('a second interface on a public network is explained in words', async () => {
  const vm = await takeVm(async (v) => v.status === 'offline' && (await nicsOf(v)).some((n) => n.network_id === '1'));
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/network`);
  await page.waitForSelector('.nic');
  await page.click('#open-add-interface');
  await page.selectOption('#add-interface-dialog #nic-network', '1');
  await page.click('#add-interface-dialog #confirm-action');
  const message = await page.waitForSelector('#nic-412');
  assert.match(await message.textContent(), /already has an interface on that public network/);
});

test('firewall rules: create, check, filter, apply; the default policy is the last rule', async () => {
  const vm = await takeVm(async (v) => v.status === 'online' && (await nicsOf(v)).length === 1);
  const { page, writes } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/firewall`);
  await page.waitForSelector('#rule-default');
  await page.waitForSelector('#unapplied-none');

  await page.fill('#rule-port', '2000:1000');
  await page.locator('#rule-port').blur();
  await page.waitForSelector('#rule-port-error:has-text("The port range start (2000) is above its end (1000).")');
  await page.fill('#rule-port', '22,80,443');
  await page.fill('#rule-description', 'web and ssh');
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("22,80,443")');

  await page.selectOption('#rule-command', 'DROP');
  await page.selectOption('#rule-protocol', 'UDP');
  await page.fill('#rule-port', '1000:2000');
  await page.fill('#rule-address', '10.0.0.0/8');
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("1000:2000")');

  await page.selectOption('#rule-command', 'DROP');
  await page.selectOption('#rule-protocol', 'TCP');
  await page.fill('#rule-port', '22');
  await page.waitForSelector('#rule-warnings:has-text("SSH")');
  await page.fill('#rule-port', '');

  await page.selectOption('#rule-filter-command', 'drop');
  await page.waitForURL(/command=drop/);
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('1000:2000'));
  await page.selectOption('#rule-filter-command', '');
  await page.fill('#rule-filter-port', '22,80,443');
  await page.press('#rule-filter-port', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('22,80,443'));

  assert.equal(await page.locator('#unapplied-list li').count(), 2);
  await page.click('#apply-rules');
  await page.waitForSelector('.vm-state .busy');
  await page.waitForSelector('#unapplied-none');
  const posts = writes.filter((w) => w.method === 'POST');
  assert.deepEqual(posts.map((w) => w.path.split('/').pop()), ['firewall_rule', 'firewall_rule', 'apply_firewall_rules']);
  assert.deepEqual(JSON.parse(posts[1].body), { command: 'DROP', protocol: 'UDP', address: '10.0.0.0/8', port: '1000:2000' });
});

test('change the default policy, then delete the interface (with what goes with it)', async () => {
  const vm = await takeVm(async (v) => v.status === 'offline' && (await nicsOf(v)).length === 2);
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/network`);
  const card = page.locator('.nic').nth(1);
  await card.waitFor();
  const name = (await card.locator('h2').textContent()).trim();
  await card.locator('button:text("Default policy")').click();
  await page.check('#policy-drop');
  await page.click('#policy-dialog #confirm-action');
  await page.waitForFunction((n) => [...document.querySelectorAll('.nic')].some((c) => c.textContent.includes(n) && c.querySelector('.nic-policy').textContent === 'DROP'), name);

  await page.locator('.nic').nth(1).locator('button:text("Delete")').click();
  await page.waitForSelector('#delete-interface-parts li:has-text("IP addresses")');
  await page.click('#delete-interface-dialog #confirm-action');
  await page.waitForFunction(() => document.querySelectorAll('.nic').length === 1);
});

test('delete all snapshots', async () => {
  const vm = await takeVm(async (v) => (await apiGet(suite.sim.api, `/account/1/virtual_machine/${v.id}/snapshots`)).body.length > 0);
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/snapshots`);
  await page.waitForSelector('#snapshot-table');
  await page.click('#open-delete-snapshots');
  assert.match(await page.textContent('#delete-snapshots-dialog'), /merged into the disks/);
  await page.click('#delete-snapshots-dialog #confirm-action');
  await page.waitForSelector('#snapshots-empty');
});

test('apply disks with formatting asks for the hostname', async () => {
  const vm = await takeVm(async (v) => v.status === 'offline');
  const { page, writes } = await loggedIn();
  await page.goto(`${suite.sim.url}/vms/${vm.id}/disks`);
  await page.waitForSelector('#disk-table');
  await page.click('#open-apply-disks');
  await page.check('#apply-disks-format');
  assert.ok(await page.isDisabled('#apply-disks-dialog #confirm-action'));
  await page.fill('#typed-confirm', vm.hostname);
  await page.click('#apply-disks-dialog #confirm-action');
  await page.waitForSelector('#apply-disks-dialog:not([open])', { state: 'attached' });
  await idle();
  assert.deepEqual(writes.map((w) => [w.path.split('/').pop(), JSON.parse(w.body)]), [['apply_disks', { required_format_disk: true }]]);
});

test('the account pages filter interfaces and addresses', async () => {
  const { page } = await loggedIn();
  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  await page.selectOption('#nics-filter-network', '2');
  await page.waitForURL(/network_id=2/);
  const all = (await apiGet(suite.sim.api, '/account/1/network_interfaces?network_id=2')).body;
  await page.waitForSelector(`#nics-count:text("${all.length} interfaces")`);
  const networks = await page.$$eval('#nics-table tbody tr td:nth-child(3)', (tds) => [...new Set(tds.map((t) => t.textContent))]);
  assert.deepEqual(networks, ['Private']);

  const [ip] = (await apiGet(suite.sim.api, '/account/1/ip_addresses')).body.filter((i) => !i.free);
  await page.goto(`${suite.sim.url}/ip-addresses`);
  await page.waitForSelector('#ips-table');
  await page.fill('#ips-filter', ip.address);
  await page.press('#ips-filter', 'Enter');
  await page.waitForURL(/ip=/);
  await page.waitForSelector('#ips-count:text("1 addresses")');
  assert.equal(await page.textContent('#ips-table tbody td.mono'), ip.address);
  await page.click(`#ips-table a[href="/vms/${ip.virtual_machine_id}/network"]`);
  await page.waitForSelector('.nic');
});
