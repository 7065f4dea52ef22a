// The one form mechanism: input survives busy VMs, tab switches, a refused token and reloads; refusals land at their fields; leaving asks.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { focusMovesTo } from '../support/accessibility.mjs';
import { DEMO, nicsOf, vmOf, vmPicker } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { draftKeys, leaveField } from '../support/pages/forms.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { setPolicyDrop } from '../support/pages/network.mjs';
import { openVm, untilFree } from '../support/pages/vm.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '1500'], { before, after, afterEach });
const vms = vmPicker(suite);
const withNic = async (vm) => (await nicsOf(suite.sim.api, vm)).length >= 1;

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

test('a rule typed while the VM is busy survives it becoming free, and a tab switch', async () => {
  const vm = await vms.take({ status: 'offline', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 1 });
  const handle = await openVm(suite, vm, 'firewall', { ready: '#rule-default' });
  const { page } = handle;
  await makeBusy(page);
  await page.selectOption('#rule-command', 'DROP');
  await page.fill('#rule-port', '8080');
  await page.fill('#rule-address', '10.1.0.0/16');
  await page.fill('#rule-description', 'typed while busy');
  await untilFree(page, 15000);
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
  const { page } = await openVm(suite, vm, 'isos', { ready: '#iso-none' });
  await makeBusy(page);
  await page.click('#iso-by-url');
  await page.fill('#iso-url', 'https://mirror.example.org/typed-while-busy.iso');
  await untilFree(page, 15000);
  assert.equal(await page.inputValue('#iso-url'), 'https://mirror.example.org/typed-while-busy.iso');
  assert.ok(await page.isChecked('#iso-by-url'));
});

test('a search for a VM to keep apart from survives the VM becoming free', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'settings', { ready: '#segregation-search' });
  await makeBusy(page);
  await page.fill('#segregation-search', 'db-typed');
  await untilFree(page, 15000);
  assert.equal(await page.inputValue('#segregation-search'), 'db-typed');
});

/**
 * The steps of a form's way in, as [action, selector, value]: `click`, `fill`,
 * `select` (an option), `wait` (for the selector), `hostname` (the VM's
 * hostname typed in), or `policy` (DROP set with the first interface's button).
 */
async function goThrough(page, vm, steps) {
  for (const [action, selector, value] of steps) {
    if (action === 'click') await page.locator(selector).first().click();
    if (action === 'fill') await page.fill(selector, value);
    if (action === 'select') await page.selectOption(selector, value);
    if (action === 'wait') await page.waitForSelector(selector);
    if (action === 'hostname') await page.fill(selector, vm.hostname);
    if (action === 'policy') await setPolicyDrop(page, page.locator(selector).first());
    if (action === 'search') {
      await page.fill(selector, vm.hostname.slice(0, 2));
      await page.press(selector, 'Enter');
    }
  }
}

// Each form: its tab, the VM it needs (`vm`), its way in (`steps`), the
// refusal (`errors`), the field's control the first error names (none: all
// of it at the top), and the form's message at the top. `select`: a control
// that cannot be typed in; `inPage`: a form that is not in a dialog;
// `general`: what the top says besides.
const refusals = [
  {
    name: 'edit', tab: 'settings', steps: [['click', '#open-edit'], ['fill', '#edit-label', 'Refused rename'], ['click', '#edit-dialog #confirm-action']],
    errors: { hostname: ['is invalid'] }, control: '#edit-hostname', top: '#edit-error',
  },
  {
    name: 'clone', tab: 'settings',
    steps: [['click', '#open-clone'], ['fill', '#clone-hostname', 'clone-refused'], ['fill', '#clone-label', 'Clone refused'], ['click', '#clone-dialog #confirm-action']],
    errors: { hostname: ['has already been taken'] }, control: '#clone-hostname', top: '#clone-error',
  },
  {
    name: 'template', tab: 'settings', steps: [['click', '#open-template'], ['fill', '#template-label', 'Golden image'], ['click', '#template-dialog #confirm-action']],
    errors: { label: ['is taken'] }, control: '#template-label', top: '#template-error',
  },
  {
    name: 'firewall rule', tab: 'firewall', steps: [['wait', '#rule-default'], ['fill', '#rule-port', '22'], ['click', '#rule-create']],
    errors: { port: ['is not allowed here'] }, control: '#rule-port', top: '#rule-error',
  },
  {
    name: 'interface', tab: 'network', vm: withNic,
    steps: [
      ['wait', '.nic'], ['click', '#open-add-interface'], ['select', '#add-interface-dialog #nic-network', '2'],
      ['fill', '#add-interface-dialog #nic-label', 'eth-refused'], ['click', '#add-interface-dialog #confirm-action'],
    ],
    errors: { label: ['is taken'], base: ['Check the interface'] }, control: '#nic-label', top: '#nic-error', general: /Check the interface/,
  },
  {
    name: 'ISO mount', tab: 'isos', vm: (v) => v.cdrom === 0,
    steps: [['wait', '#iso-none'], ['click', '#iso-by-url'], ['fill', '#iso-url', 'https://mirror.example.org/missing.iso'], ['click', '#iso-mount']],
    errors: { iso_url: ['cannot be downloaded'] }, control: '#iso-url', top: '#iso-error',
  },
  {
    name: 'rebuild', tab: 'settings', select: true,
    steps: [['click', '#open-rebuild'], ['select', '#rebuild-template-id', '2'], ['hostname', '#typed-confirm'], ['click', '#rebuild-dialog #confirm-action']],
    errors: { template_id: ['is not available in this location'] }, control: '#rebuild-template-id', top: '#rebuild-error',
  },
  {
    name: 'interface edit', tab: 'network', vm: withNic,
    steps: [['click', '.nic button:text("Edit")'], ['fill', '#edit-interface-dialog #nic-label', 'eth-renamed'], ['click', '#edit-interface-dialog #confirm-action']],
    errors: { label: ['is taken'] }, control: '#nic-label', top: '#nic-error',
  },
  {
    name: 'address', tab: 'network', vm: withNic, select: true,
    steps: [['click', '.nic button:text("Add IP")'], ['wait', '#ip-choice'], ['click', '#add-ip-dialog #confirm-action']],
    errors: { ip_address_id: ['has no free address left'] }, control: '#ip-choice', top: '#ip-error',
  },
  {
    name: 'default policy', tab: 'network', vm: withNic, select: true, steps: [['policy', '.nic button:text("Default policy")']],
    errors: { default_firewall_policy: ['cannot be DROP on this network'] }, control: '#policy-choice', top: '#policy-error',
  },
  {
    name: 'destroy', tab: 'settings', steps: [['click', '#open-destroy'], ['hostname', '#typed-confirm'], ['click', '#destroy-dialog #confirm-action']],
    errors: { base: ['A backup of this VM is being made'] }, top: '#destroy-error',
  },
  {
    name: 'segregation', tab: 'settings', inPage: true, steps: [['search', '#segregation-search'], ['click', '#segregation-candidates button']],
    errors: { base: ['The other VM is on a hypervisor of its own already'] }, top: '#segregation-error',
  },
  {
    name: 'apply disks', tab: 'disks', steps: [['click', '#open-apply-disks'], ['click', '#apply-disks-dialog #confirm-action']],
    errors: { base: ['The disks are being backed up'] }, top: '#apply-disks-error',
  },
];

for (const form of refusals) {
  test(`${form.name}: a 422 naming a field puts the message at that field`, async () => {
    const vm = await vms.take({ where: form.vm });
    const { page } = await openVm(suite, vm, form.tab);
    await refuseNextWrite(page, form.errors);
    await goThrough(page, vm, form.steps);
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
  const { page } = await openVm(suite, vm, 'settings');
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
  await untilFree(page, 15000).catch(() => {});
  assert.deepEqual(await draftKeys(page), []);
  assert.equal((await vmOf(suite.sim.api, vm)).note, 'a note not sent yet');
});

test('the ISO form keeps what is typed over a switch to another tab and back', async () => {
  const vm = await vms.take({ where: (v) => v.cdrom === 0 });
  const handle = await openVm(suite, vm, 'isos', { ready: '#iso-none' });
  const { page } = handle;
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
  await openCreateForm(page);
  await page.click('#add-disk');
  await page.click('#add-disk');
  await leaveField(page, '#create-secondary-disk-size-0', '0');
  await page.fill('#create-secondary-disk-size-1', '40');
  await page.click('#secondary-disks .remove-disk >> nth=0');
  await page.waitForSelector('#create-secondary-disk-size-0', { state: 'detached' });
  assert.equal(await page.locator('#secondary-disks .field-error').count(), 0, 'no message stays behind');
  assert.equal(await page.inputValue('#create-secondary-disk-size-1'), '40', 'the other disk keeps its value');
  assert.equal(await page.getAttribute('#create-secondary-disk-size-1', 'aria-invalid'), 'false');

  // The service's message about the disks goes to the first disk left, and
  // leaves with it.
  await fillBasics(page, { label: 'Disk test', hostname: 'disk-test' });
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
    await openCreateForm(page);
    await fillBasics(page, { label: 'Half filled', hostname: 'half-filled' });
    await page.fill('#create-memory', '2048');
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
    assert.deepEqual(await draftKeys(page), []);
  } finally {
    await second?.kill();
    await first.kill();
  }
});

test('leaving unsent input asks first; a reload keeps it; a created VM clears it', async () => {
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await openCreateForm(page);
  await fillBasics(page, { label: 'Kept on reload', hostname: 'kept-on-reload' });

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
  assert.deepEqual(await draftKeys(page), []);
  await page.click('.breadcrumb a');
  await page.waitForURL(/\/vms$/);
  assert.equal(handle.dialogs.length, asked, 'nothing unsent, nothing asked');
});

test('a form without input leaves without a question', async () => {
  const handle = await loggedInPage(suite);
  const { page } = handle;
  await openCreateForm(page);
  await page.click('.breadcrumb a');
  await page.waitForURL(/\/vms$/);
  assert.deepEqual(handle.dialogs, []);
});
