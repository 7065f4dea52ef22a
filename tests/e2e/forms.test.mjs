// The one form mechanism: input survives busy VMs, tab switches, a refused token and reloads; refusals land at their fields; leaving asks.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, accountPath, apiGet, focusMovesTo, logIn, loggedInPage, nicsOf, setPolicyDrop, startSim, useSuite, vmPicker } from './harness.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '1500'], { before, after, afterEach });
const vms = vmPicker(suite);
const nicCount = async (vm) => (await nicsOf(suite.sim.api, vm)).length;

/** The next request that writes answers 422 with `errors`, as OnApp does. */
async function refuseNextWrite(page, errors) {
  let refused = false;
  await page.route('**/api/**', async (route) => {
    if (!refused && route.request().method() !== 'GET') {
      refused = true;
      await route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors }) });
    } else {
      await route.continue();
    }
  });
}

/** Starts the (offline) VM from its header and waits until it is busy. */
async function makeBusy(page) {
  await page.click('#action-start');
  await page.waitForSelector('.vm-state .busy');
}

async function waitFree(page) {
  await page.waitForSelector('.vm-state .busy', { state: 'detached', timeout: 15000 });
}

test('a rule typed while the VM is busy survives it becoming free, and a tab switch', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicCount(v)) === 1 });
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await page.goto(`${suite.sim.url}/vms/${vm.id}/firewall`);
  await page.waitForSelector('#rule-default');
  await makeBusy(page);
  await page.selectOption('#rule-command', 'DROP');
  await page.fill('#rule-port', '8080');
  await page.fill('#rule-address', '10.1.0.0/16');
  await page.fill('#rule-description', 'typed while busy');
  await waitFree(page);
  // The tab reloaded its rules when the VM settled; the form is as typed.
  assert.equal(await page.inputValue('#rule-port'), '8080');
  assert.equal(await page.inputValue('#rule-address'), '10.1.0.0/16');
  assert.equal(await page.inputValue('#rule-command'), 'DROP');
  assert.equal(await page.inputValue('#rule-description'), 'typed while busy');

  // Away to another tab (the panel asks first) and back: the draft is back.
  handle.leave = true;
  await page.click('#tab-overview');
  await page.waitForURL(new RegExp(`/vms/${vm.id}$`));
  assert.ok(handle.dialogs.some((d) => d.type === 'confirm' && /not sent/.test(d.message)), 'leaving asked first');
  await page.click('#tab-firewall');
  await page.waitForSelector('#rule-draft');
  assert.equal(await page.inputValue('#rule-port'), '8080');
  assert.equal(await page.inputValue('#rule-command'), 'DROP');
  await page.click('#rule-discard');
  assert.equal(await page.inputValue('#rule-port'), '');
  assert.equal(await page.inputValue('#rule-command'), 'ACCEPT');
  assert.equal(await page.$('#rule-draft'), null);
});

test('an ISO address typed while the VM is busy survives it becoming free', async () => {
  const vm = await vms.take({ status: 'offline', where: (v) => v.cdrom === 0 });
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms/${vm.id}/isos`);
  await page.waitForSelector('#iso-none');
  await makeBusy(page);
  await page.click('#iso-by-url');
  await page.fill('#iso-url', 'https://mirror.example.org/typed-while-busy.iso');
  await waitFree(page);
  assert.equal(await page.inputValue('#iso-url'), 'https://mirror.example.org/typed-while-busy.iso');
  assert.ok(await page.isChecked('#iso-by-url'));
});

test('a search for a VM to keep apart from survives the VM becoming free', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms/${vm.id}/settings`);
  await page.waitForSelector('#segregation-search');
  await makeBusy(page);
  await page.fill('#segregation-search', 'db-typed');
  await waitFree(page);
  assert.equal(await page.inputValue('#segregation-search'), 'db-typed');
});

// Each form, its way in, the field the refusal names, and that field's control.
const refusals = [
  {
    name: 'edit',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page) {
      await page.click('#open-edit');
      await page.fill('#edit-label', 'Refused rename');
      await page.click('#edit-dialog #confirm-action');
    },
    errors: { hostname: ['is invalid'] },
    control: '#edit-hostname',
    top: '#edit-error',
  },
  {
    name: 'clone',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page) {
      await page.click('#open-clone');
      await page.fill('#clone-hostname', 'clone-refused');
      await page.fill('#clone-label', 'Clone refused');
      await page.click('#clone-dialog #confirm-action');
    },
    errors: { hostname: ['has already been taken'] },
    control: '#clone-hostname',
    top: '#clone-error',
  },
  {
    name: 'template',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page) {
      await page.click('#open-template');
      await page.fill('#template-label', 'Golden image');
      await page.click('#template-dialog #confirm-action');
    },
    errors: { label: ['is taken'] },
    control: '#template-label',
    top: '#template-error',
  },
  {
    name: 'firewall rule',
    path: (vm) => `/vms/${vm.id}/firewall`,
    async fill(page) {
      await page.waitForSelector('#rule-default');
      await page.fill('#rule-port', '22');
      await page.click('#rule-create');
    },
    errors: { port: ['is not allowed here'] },
    control: '#rule-port',
    top: '#rule-error',
  },
  {
    name: 'interface',
    vm: async (v) => (await nicCount(v)) >= 1,
    path: (vm) => `/vms/${vm.id}/network`,
    async fill(page) {
      await page.waitForSelector('.nic');
      await page.click('#open-add-interface');
      await page.selectOption('#add-interface-dialog #nic-network', '2');
      await page.fill('#add-interface-dialog #nic-label', 'eth-refused');
      await page.click('#add-interface-dialog #confirm-action');
    },
    errors: { label: ['is taken'], base: ['Check the interface'] },
    control: '#nic-label',
    top: '#nic-error',
    general: /Check the interface/,
  },
  {
    name: 'ISO mount',
    path: (vm) => `/vms/${vm.id}/isos`,
    async fill(page) {
      await page.waitForSelector('#iso-none');
      await page.click('#iso-by-url');
      await page.fill('#iso-url', 'https://mirror.example.org/missing.iso');
      await page.click('#iso-mount');
    },
    errors: { iso_url: ['cannot be downloaded'] },
    vm: (v) => v.cdrom === 0,
    control: '#iso-url',
    top: '#iso-error',
  },
  {
    name: 'rebuild',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page, vm) {
      await page.click('#open-rebuild');
      await page.selectOption('#rebuild-template-id', '2');
      await page.fill('#typed-confirm', vm.hostname);
      await page.click('#rebuild-dialog #confirm-action');
    },
    errors: { template_id: ['is not available in this location'] },
    control: '#rebuild-template-id',
    top: '#rebuild-error',
    select: true,
  },
  {
    name: 'interface edit',
    vm: async (v) => (await nicCount(v)) >= 1,
    path: (vm) => `/vms/${vm.id}/network`,
    async fill(page) {
      await page.locator('.nic button:text("Edit")').first().click();
      await page.fill('#edit-interface-dialog #nic-label', 'eth-renamed');
      await page.click('#edit-interface-dialog #confirm-action');
    },
    errors: { label: ['is taken'] },
    control: '#nic-label',
    top: '#nic-error',
  },
  {
    name: 'address',
    vm: async (v) => (await nicCount(v)) >= 1,
    path: (vm) => `/vms/${vm.id}/network`,
    async fill(page) {
      await page.locator('.nic button:text("Add IP")').first().click();
      await page.waitForSelector('#ip-choice');
      await page.click('#add-ip-dialog #confirm-action');
    },
    errors: { ip_address_id: ['has no free address left'] },
    control: '#ip-choice',
    top: '#ip-error',
    select: true,
  },
  {
    name: 'default policy',
    vm: async (v) => (await nicCount(v)) >= 1,
    path: (vm) => `/vms/${vm.id}/network`,
    async fill(page) {
      await setPolicyDrop(page, page.locator('.nic button:text("Default policy")').first());
    },
    errors: { default_firewall_policy: ['cannot be DROP on this network'] },
    control: '#policy-choice',
    top: '#policy-error',
    select: true,
  },
  {
    name: 'destroy',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page, vm) {
      await page.click('#open-destroy');
      await page.fill('#typed-confirm', vm.hostname);
      await page.click('#destroy-dialog #confirm-action');
    },
    errors: { base: ['A backup of this VM is being made'] },
    top: '#destroy-error',
  },
  {
    name: 'segregation',
    path: (vm) => `/vms/${vm.id}/settings`,
    async fill(page, vm) {
      await page.fill('#segregation-search', vm.hostname.slice(0, 2));
      await page.press('#segregation-search', 'Enter');
      await page.locator('#segregation-candidates button').first().click();
    },
    errors: { base: ['The other VM is on a hypervisor of its own already'] },
    top: '#segregation-error',
    inPage: true,
  },
  {
    name: 'apply disks',
    path: (vm) => `/vms/${vm.id}/disks`,
    async fill(page) {
      await page.click('#open-apply-disks');
      await page.click('#apply-disks-dialog #confirm-action');
    },
    errors: { base: ['The disks are being backed up'] },
    top: '#apply-disks-error',
  },
];

for (const form of refusals) {
  test(`${form.name}: a 422 naming a field puts the message at that field`, async () => {
    const vm = await vms.take({ where: form.vm });
    const { page } = await loggedInPage(suite);
    await page.goto(`${suite.sim.url}${form.path(vm)}`);
    await refuseNextWrite(page, form.errors);
    await form.fill(page, vm);
    const [field, [message]] = Object.entries(form.errors)[0];
    if (!form.control) {
      // Nothing to type that the refusal could name: all of it at the top.
      const top = await page.waitForSelector(`${form.top}:has-text("${message}")`);
      assert.equal(await top.getAttribute('id'), form.top.slice(1));
      assert.equal(await page.locator('.modal[open]').count(), form.inPage ? 0 : 1, 'a dialog stays open to try again');
      return;
    }
    const error = await page.waitForSelector(`${form.control}-error`);
    assert.equal((await error.textContent()).trim(), message, `${field}'s message at its field`);
    assert.equal(await page.getAttribute(form.control, 'aria-invalid'), 'true');
    assert.match(await page.getAttribute(form.control, 'aria-describedby'), new RegExp(`${form.control.slice(1)}-error`));
    await focusMovesTo(page, form.control, 'the focus goes to it');
    const top = await page.textContent(form.top);
    assert.match(top, form.general ?? /See the message at the field/);
    assert.doesNotMatch(top, new RegExp(message), 'a field message is not repeated at the top');
    if (form.select) return;
    // Editing the field takes the service's word on it away.
    await page.fill(form.control, 'x2');
    assert.equal(await page.$(`${form.control}-error:has-text("${message}")`), null);
  });
}

test('the edit and clone dialogs keep a draft over closing, reopening and a reload', async () => {
  const vm = await vms.take({ status: 'offline' });
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await page.goto(`${suite.sim.url}/vms/${vm.id}/settings`);
  await page.click('#open-edit');
  await page.fill('#edit-note', 'a note not sent yet');
  await page.keyboard.press('Escape');
  await page.click('#open-clone');
  await page.fill('#clone-hostname', 'draft-clone');
  await page.keyboard.press('Escape');

  await page.reload();
  await page.click('#open-edit');
  await page.waitForSelector('#edit-draft');
  assert.equal(await page.inputValue('#edit-note'), 'a note not sent yet');
  await page.keyboard.press('Escape');
  await page.click('#open-clone');
  await page.waitForSelector('#clone-draft');
  assert.equal(await page.inputValue('#clone-hostname'), 'draft-clone');
  await page.click('#clone-discard');
  assert.equal(await page.inputValue('#clone-hostname'), '');
  await page.keyboard.press('Escape');

  // Sent: the edit's draft is gone.
  await page.click('#open-edit');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#edit-dialog:not([open])', { state: 'attached' });
  await waitFree(page).catch(() => {});
  const left = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('vmdeck.draft.')));
  assert.deepEqual(left, []);
  assert.equal((await apiGet(suite.sim.api, accountPath(`/virtual_machine/${vm.id}`))).body.note, 'a note not sent yet');
});

test('the ISO form keeps what is typed over a switch to another tab and back', async () => {
  const vm = await vms.take({ where: (v) => v.cdrom === 0 });
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await page.goto(`${suite.sim.url}/vms/${vm.id}/isos`);
  await page.waitForSelector('#iso-none');
  await page.click('#iso-by-url');
  await page.fill('#iso-url', 'https://mirror.example.org/switch.iso');
  handle.leave = true;
  await page.click('#tab-disks');
  await page.waitForURL(/\/disks$/);
  await page.click('#tab-isos');
  await page.waitForSelector('#iso-draft');
  assert.equal(await page.inputValue('#iso-url'), 'https://mirror.example.org/switch.iso');
});

test('a removed disk row takes its messages with it, the form\'s and the service\'s', async () => {
  const { page } = await loggedInPage(suite);
  await page.click('#create-vm');
  await page.waitForSelector('#create-submit');
  await page.click('#add-disk');
  await page.click('#add-disk');
  await page.fill('#create-secondary-disk-size-0', '0');
  await page.locator('#create-secondary-disk-size-0').blur();
  await page.waitForSelector('#create-secondary-disk-size-0-error');
  await page.fill('#create-secondary-disk-size-1', '40');
  await page.click('#secondary-disks .remove-disk >> nth=0');
  await page.waitForSelector('#create-secondary-disk-size-0', { state: 'detached' });
  assert.equal(await page.locator('#secondary-disks .field-error').count(), 0, 'no message stays behind');
  assert.equal(await page.inputValue('#create-secondary-disk-size-1'), '40', 'the other disk keeps its value');
  assert.equal(await page.getAttribute('#create-secondary-disk-size-1', 'aria-invalid'), 'false');

  // The service's message about the disks goes to the first disk left, and
  // leaves with it.
  await page.fill('#create-label', 'Disk test');
  await page.fill('#create-hostname', 'disk-test');
  await page.selectOption('#create-template-id', '3');
  await refuseNextWrite(page, { secondary_disk_size: ['is too big for the data store'] });
  await page.click('#create-submit');
  await page.waitForSelector('#create-secondary-disk-size-1-error:has-text("too big")');
  await page.click('#secondary-disks .remove-disk');
  await page.waitForSelector('#create-secondary-disk-size-1', { state: 'detached' });
  assert.equal(await page.locator('.field-error').count(), 0);
});

test('the create form survives a refused token and a new login, without the password; Discard clears it', async () => {
  // A simulator of its own, restarted on the same address with another token.
  const first = await startSim(['--vms', '3']);
  const address = new URL(first.url).host;
  let second = null;
  try {
    const { page } = await loggedInPage(suite, { base: first.url });
    await page.click('#create-vm');
    await page.waitForSelector('#create-submit');
    await page.fill('#create-label', 'Half filled');
    await page.fill('#create-hostname', 'half-filled');
    await page.fill('#create-memory', '2048');
    await page.selectOption('#create-template-id', '3');
    await page.click('#add-disk');
    await page.fill('#create-secondary-disk-size-0', '25');
    await page.fill('#create-initial-root-password', 'Secret_pass-1');
    await page.fill('#create-note', 'a note worth keeping');

    const stored = await page.evaluate(() => Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)]));
    const drafts = stored.filter(([k]) => k.startsWith('vmdeck.draft.'));
    assert.equal(drafts.length, 1, 'one draft kept');
    assert.ok(!drafts[0][1].includes('Secret_pass-1'), 'the password is never kept');
    assert.ok(!drafts[0][1].includes(DEMO.token) && !drafts[0][0].includes(DEMO.token), 'nor the token');

    await first.kill();
    second = await startSim(['--vms', '3', '--listen', address, '--account', '1:fresh-token']);
    await page.click('#create-submit');
    await page.waitForURL(/\/login/);
    await logIn(page, second.url, { token: 'fresh-token' });
    await page.waitForURL(/\/vms\/new$/);
    await page.waitForSelector('#create-draft');
    assert.equal(await page.inputValue('#create-label'), 'Half filled');
    assert.equal(await page.inputValue('#create-hostname'), 'half-filled');
    assert.equal(await page.inputValue('#create-memory'), '2048');
    assert.equal(await page.inputValue('#create-template-id'), '3');
    assert.equal(await page.inputValue('#create-secondary-disk-size-0'), '25');
    assert.equal(await page.inputValue('#create-note'), 'a note worth keeping');
    assert.equal(await page.inputValue('#create-initial-root-password'), '', 'everything but the password');

    await page.click('#create-discard');
    assert.equal(await page.inputValue('#create-label'), '');
    assert.equal(await page.inputValue('#create-memory'), '1024');
    assert.equal(await page.locator('#secondary-disks .disk-row').count(), 0);
    assert.equal(await page.$('#create-draft'), null);
    const left = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('vmdeck.draft.')));
    assert.deepEqual(left, []);
  } finally {
    await second?.kill();
    await first.kill();
  }
});

test('leaving unsent input asks first; a reload keeps it; a created VM clears it', async () => {
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await page.click('#create-vm');
  await page.waitForSelector('#create-submit');
  await page.fill('#create-label', 'Kept on reload');
  await page.fill('#create-hostname', 'kept-on-reload');
  await page.selectOption('#create-template-id', '3');

  // A link of the panel: asked, and staying keeps everything.
  await page.click('.breadcrumb a');
  assert.equal(handle.dialogs.at(-1)?.type, 'confirm');
  assert.match(page.url(), /\/vms\/new$/);
  assert.equal(await page.inputValue('#create-label'), 'Kept on reload');

  // Closing or reloading the tab: the browser asks; after a reload it is all back.
  await page.reload();
  assert.ok(handle.dialogs.some((d) => d.type === 'beforeunload'), 'the browser asked before the reload');
  await page.waitForSelector('#create-draft');
  assert.equal(await page.inputValue('#create-hostname'), 'kept-on-reload');

  // Sent and done: the draft is gone, and nothing asks any more.
  await page.click('#create-submit');
  await page.waitForURL(/\/vms\/\d+$/);
  const asked = handle.dialogs.length;
  const left = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('vmdeck.draft.')));
  assert.deepEqual(left, []);
  await page.click('.breadcrumb a');
  await page.waitForURL(/\/vms$/);
  assert.equal(handle.dialogs.length, asked, 'nothing unsent, nothing asked');
});

test('a form without input leaves without a question', async () => {
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await page.click('#create-vm');
  await page.waitForSelector('#create-submit');
  await page.click('.breadcrumb a');
  await page.waitForURL(/\/vms$/);
  assert.deepEqual(handle.dialogs, []);
});
