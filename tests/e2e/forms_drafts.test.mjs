// Drafts of the one form mechanism: input survives the VM being busy and becoming free, a switch of tabs, closing a dialog, a reload, and a refused token with a new login.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, nicsOf, vmOf, vmPicker } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { draftKeys } from '../support/pages/forms.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { openVm, untilFree } from '../support/pages/vm.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '1500'], { before, after, afterEach });
const vms = vmPicker(suite);

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
  await page.fill('#iso-iso-url', 'https://mirror.example.org/typed-while-busy.iso');
  await untilFree(page, 15000);
  assert.equal(await page.inputValue('#iso-iso-url'), 'https://mirror.example.org/typed-while-busy.iso');
  assert.ok(await page.isChecked('#iso-by-url'));
});

test('a search for a VM to keep apart from survives the VM becoming free', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'settings', { ready: '#segregation-hostname' });
  await makeBusy(page);
  await page.fill('#segregation-hostname', 'db-typed');
  await untilFree(page, 15000);
  assert.equal(await page.inputValue('#segregation-hostname'), 'db-typed');
});

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
  await page.fill('#iso-iso-url', 'https://mirror.example.org/switch.iso');
  handle.leave = true;
  await page.click('#tab-disks');
  await page.waitForURL(/\/disks$/);
  await page.click('#tab-isos');
  await page.waitForSelector('#iso-draft');
  assert.equal(await page.inputValue('#iso-iso-url'), 'https://mirror.example.org/switch.iso');
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
