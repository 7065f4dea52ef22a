// The service's refusals in every form: a 422 naming a field puts its message at that field (the focus there, the top saying where), and a removed disk row takes its messages with it.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { focusMovesTo } from '../support/accessibility.mjs';
import { nicsOf, vmPicker } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { leaveField } from '../support/pages/forms.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { setPolicyDrop } from '../support/pages/network.mjs';
import { openVm } from '../support/pages/vm.mjs';
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
      ['wait', '.nic'], ['click', '#open-add-interface'], ['select', '#add-interface-dialog #nic-network-id', '2'],
      ['fill', '#add-interface-dialog #nic-label', 'eth-refused'], ['click', '#add-interface-dialog #confirm-action'],
    ],
    errors: { label: ['is taken'], base: ['Check the interface'] }, control: '#nic-label', top: '#nic-error', general: /Check the interface/,
  },
  {
    name: 'ISO mount', tab: 'isos', vm: (v) => v.cdrom === 0,
    steps: [['wait', '#iso-none'], ['click', '#iso-by-url'], ['fill', '#iso-iso-url', 'https://mirror.example.org/missing.iso'], ['click', '#iso-mount']],
    errors: { iso_url: ['cannot be downloaded'] }, control: '#iso-iso-url', top: '#iso-error',
  },
  {
    name: 'rebuild', tab: 'settings', select: true,
    steps: [['click', '#open-rebuild'], ['select', '#rebuild-template-id', '2'], ['hostname', '#rebuild-typed'], ['click', '#rebuild-dialog #confirm-action']],
    errors: { template_id: ['is not available in this location'] }, control: '#rebuild-template-id', top: '#rebuild-error',
  },
  {
    name: 'interface edit', tab: 'network', vm: withNic,
    steps: [['click', '.nic button:text("Edit")'], ['fill', '#edit-interface-dialog #nic-label', 'eth-renamed'], ['click', '#edit-interface-dialog #confirm-action']],
    errors: { label: ['is taken'] }, control: '#nic-label', top: '#nic-error',
  },
  {
    name: 'address', tab: 'network', vm: withNic, select: true,
    steps: [['click', '.nic button:text("Add IP")'], ['wait', '#ip-ip-address-id'], ['click', '#add-ip-dialog #confirm-action']],
    errors: { ip_address_id: ['has no free address left'] }, control: '#ip-ip-address-id', top: '#ip-error',
  },
  {
    name: 'default policy', tab: 'network', vm: withNic, select: true, steps: [['policy', '.nic button:text("Default policy")']],
    errors: { default_firewall_policy: ['cannot be DROP on this network'] }, control: '#policy-default-firewall-policy', top: '#policy-error',
  },
  {
    name: 'destroy', tab: 'settings', steps: [['click', '#open-destroy'], ['hostname', '#destroy-typed'], ['click', '#destroy-dialog #confirm-action']],
    errors: { base: ['A backup of this VM is being made'] }, top: '#destroy-error',
  },
  {
    name: 'segregation', tab: 'settings', inPage: true, steps: [['search', '#segregation-hostname'], ['click', '#segregation-candidates button']],
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
