// Creating a VM: every option, checks as the user types, the service's refusals next to their fields, one request per click.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { focusMovesTo } from '../support/accessibility.mjs';
import { accountPath, apiGet, nicsOf } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { fillIn, leaveField } from '../support/pages/forms.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordRequests, shownRequests } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '5', '--op-ms', '2000'], { before, after, afterEach });

/** A fresh page on the create form; `posts()` gives the bodies of the creations it has sent. */
async function createPage() {
  const handle = await loggedInPage(suite);
  await openCreateForm(handle.page);
  const creations = recordRequests(handle.page, (url, method) => method === 'POST' && url.endsWith('/virtual_machine'));
  return { ...handle, posts: () => creations.list().map((r) => JSON.parse(r.body)) };
}

test('a VM with two secondary disks is created, and goes from busy to online', async () => {
  const { page, posts } = await createPage();
  await fillBasics(page, { label: 'Test e2e-disks-01', hostname: 'e2e-disks-01' });
  await fillIn(page, { '#create-memory': '2048', '#create-cpus': '2', '#create-location-id': '2', '#create-swap-disk-size': '1' });
  await page.click('#add-disk');
  await page.click('#add-disk');
  await fillIn(page, {
    '#create-secondary-disk-size-0': '30',
    '#create-data-store-group-secondary-id-0': '2',
    '#create-secondary-disk-size-1': '40',
    '#create-data-store-group-secondary-id-1': '1',
    '#create-default-firewall-policy': 'DROP',
  });
  await page.click('#password-generate');
  const password = await page.inputValue('#create-initial-root-password');
  assert.match(password, /^[A-Za-z0-9_-]{16}$/);
  await page.click('#create-submit');

  await page.waitForURL(/\/vms\/\d+$/);
  const id = page.url().split('/').pop();
  await page.waitForSelector('.busy');
  await page.waitForSelector('#vm-title:text("Test e2e-disks-01")');
  await page.waitForSelector('.badge-online', { timeout: 15000 });
  assert.equal(await page.$('.busy'), null);

  assert.equal(posts().length, 1);
  const body = posts()[0];
  assert.equal(body.memory, '2048', 'numbers as the spec sends them');
  assert.deepEqual(body.secondary_disk_size, ['30', '40']);
  assert.deepEqual(body.data_store_group_secondary_id, ['2', '1']);
  assert.equal(body.template_id, '3');
  assert.equal(body.initial_root_password, password);
  const disks = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${id}/disks`))).body;
  assert.deepEqual(disks.map((d) => d.disk_size), [20, 1, 30, 40]);
});

test('each invalid field shows its message and blocks the submit', async () => {
  const { page, posts } = await createPage();
  const cases = [
    ['#create-hostname', '1web', /may not start with a digit/],
    ['#create-memory', '-5', /cannot be negative/],
    ['#create-cpus', 'two', /must be a number/],
    ['#create-primary-disk-size', '0', /at least 1/],
    ['#create-rate-limit', '1.5', /whole number/],
    ['#create-selected-ip-address', '10.0.0', /IPv4 address/],
    ['#create-selected-ip-netmask', '255.0.255.0', /ones must come first/],
    ['#create-selected-ip-gateway', 'gw', /IPv4 address/],
    ['#create-initial-root-password', 'abc', /at least 6 characters/],
  ];
  for (const [selector, value, message] of cases) {
    assert.match(await leaveField(page, selector, value), message, selector);
  }
  await page.click('#source-iso-url');
  assert.match(await leaveField(page, '#create-iso-url', 'file:///etc/passwd'), /http:\/\/, https:\/\/, ftp:\/\/ or ftps:\/\//);

  await page.click('#create-submit');
  await page.waitForSelector('#create-invalid-note');
  assert.ok(await page.isDisabled('#create-submit'));
  await focusMovesTo(page, '#create-label', 'focus goes to the first problem');
  assert.equal(posts().length, 0, 'nothing is sent while a field is invalid');

  await page.fill('#create-hostname', 'a'.repeat(26));
  assert.match(await page.textContent('#create-hostname-error'), /at most 25 characters/);
  await page.fill('#create-hostname', 'web_1');
  assert.match(await page.textContent('#create-hostname-error'), /letters A–Z, digits and dashes/);
});

test('the service refusing a field shows its message next to that field', async () => {
  const { page, posts } = await createPage();
  await fillBasics(page, { label: 'Test e2e-small-01', hostname: 'e2e-small-01' });
  await page.fill('#create-memory', '64');
  await page.click('#create-submit');
  const error = await page.waitForSelector('#create-memory-error');
  assert.match(await error.textContent(), /128/);
  await page.waitForSelector('#create-error');
  assert.equal(posts().length, 1);
  assert.match(page.url(), /\/vms\/new$/);
  await page.fill('#create-memory', '512');
  assert.equal(await page.$('#create-memory-error'), null, 'editing the field clears the server message');
});

test('a double click on submit creates one VM', async () => {
  const before = Number((await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1'))).headers.get('x-total'));
  const { page, posts } = await createPage();
  await fillBasics(page, { label: 'Test e2e-double-01', hostname: 'e2e-double-01' });
  await page.dblclick('#create-submit');
  await page.waitForURL(/\/vms\/\d+$/);
  await page.waitForTimeout(500);
  assert.equal(posts().length, 1);
  const afterCount = Number((await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1'))).headers.get('x-total'));
  assert.equal(afterCount, before + 1);
});

test('"create like this" prefills sizes, template, location and network, and no name or password', async () => {
  const [vm] = (await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1&status=online'))).body;
  const disks = (await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}/disks`))).body;
  const nics = await nicsOf(suite.sim.api, vm);
  const unwrap = (item, key) => item[key] ?? item;
  // The system disk: OnApp's `primary`, or (documented) the one mounted at the root.
  const primaryDisk = disks.map((d) => unwrap(d, 'disk')).find((d) => d.primary ?? (!d.is_swap && ['/', 'C:'].includes(d.mount_point)));
  const primaryNic = nics.map((n) => unwrap(n, 'network_interface')).find((n) => n.primary) ?? unwrap(nics[0], 'network_interface');
  const { page } = await openVm(suite, vm);
  await page.click('#create-like-this');
  await page.waitForURL(/\/vms\/new\?like=/);
  await page.waitForSelector('#create-like:has-text("Starting from")');
  await page.waitForFunction((m) => document.querySelector('#create-memory')?.value === m, String(vm.memory));
  assert.equal(await page.inputValue('#create-cpus'), String(vm.cpus));
  assert.equal(await page.inputValue('#create-template-id'), String(vm.template_id));
  assert.equal(await page.inputValue('#create-location-id'), String(vm.location_id));
  assert.equal(await page.inputValue('#create-primary-disk-size'), String(primaryDisk.disk_size));
  assert.equal(await page.inputValue('#create-primary-network-id'), String(primaryNic.network_id));
  assert.equal(await page.inputValue('#create-label'), '');
  assert.equal(await page.inputValue('#create-hostname'), '');
  assert.equal(await page.inputValue('#create-initial-root-password'), '');
});

test('the curl shown for a create is the body the panel then sends, without the token', async () => {
  const { page, posts } = await createPage();
  await page.click('#create-request > summary');
  await page.waitForSelector('#create-request-pending');
  await fillBasics(page, { label: 'Test e2e-curl-01', hostname: 'e2e-curl-01' });
  await page.fill('#create-memory', '1536');
  await page.click('#add-disk');
  await page.fill('#create-secondary-disk-size-0', '25');
  await page.click('#password-generate');
  const [shown] = await shownRequests(page, 'create-request');
  assert.equal(shown.method, 'POST');
  assert.equal(shown.url, `${suite.sim.url}/api${accountPath('/virtual_machine')}`);
  // The password is a variable of the shell, as the token is: never in the command.
  const password = await page.inputValue('#create-initial-root-password');
  assert.ok(password.length >= 6);
  assert.ok(!(await page.textContent('#create-request-curl')).includes(password), 'the typed password is not shown');
  assert.equal(shown.body.initial_root_password, '$VMDECK_ROOT_PASSWORD');
  assert.match(await page.textContent('#create-request-secrets'), /VMDECK_ROOT_PASSWORD/);
  await page.click('#create-submit');
  await page.waitForURL(/\/vms\/\d+$/);
  assert.equal(posts().length, 1);
  assert.equal(posts()[0].initial_root_password, password);
  assert.deepEqual({ ...posts()[0], initial_root_password: '$VMDECK_ROOT_PASSWORD' }, shown.body);
});
