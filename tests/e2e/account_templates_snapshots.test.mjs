// The account's templates and snapshots: the API's templates listed (the provider's and your own, an inactive one as inactive), filtered in the URL; your own renamed and deleted from the page and recorded, a delete the provider refuses shown in its words; every VM's snapshots with their VM's name, a failed one marked failed, narrowed to one VM.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountPath, apiGet, apiSend, untilIdle, untilLocked, vmPicker } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

/** A count over a table as the panel words it: "1 template", "3 templates". */
const counted = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The account's templates as the API lists them. */
const listed = async () => (await apiGet(suite.sim.api, accountPath('/templates'))).body;

/** A template of the account's own, made from an idle offline VM behind the panel's back, once the API shows it active. */
async function ownTemplate(label) {
  const vm = await vms.take({ status: 'offline' });
  const made = await apiSend(suite.sim.api, 'POST', accountPath(`/virtual_machine/${vm.id}/template`), { label });
  assert.equal(made.status, 202);
  for (let i = 0; ; i++) {
    const own = (await listed()).find((t) => t.label === label);
    if (own?.status === 'active') return own;
    assert.ok(i < 50, `the template ${label} became active`);
    await sleep(100);
  }
}

/** A fresh logged-in page on the templates page, its table drawn. */
async function templatesPage() {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/templates`);
  await page.waitForSelector('#templates-table');
  return page;
}

test('the templates page lists the API’s templates, yours first, an inactive one as inactive, and filters them', async () => {
  const own = await ownTemplate('Listed e2e base');
  const page = await templatesPage();
  const all = await listed();
  await page.waitForSelector(`#templates-count:text-is("${counted(all.length, 'template')}")`);
  const rows = await page.$$eval('#templates-table tbody tr', (trs) => trs.map((tr) => ({ id: tr.id, whose: tr.className, cells: [...tr.cells].map((td) => td.textContent.trim()) })));
  assert.equal(rows.length, all.length);
  const whose = rows.map((r) => r.whose);
  assert.ok(!whose.slice(whose.indexOf('template-provider')).includes('template-own'), 'your own come first');
  for (const template of all) {
    const row = rows.find((r) => r.id === `template-row-${template.id}`);
    assert.ok(row, `template ${template.id} is listed`);
    const [name, whoseText, system, size, status, madeFrom] = row.cells;
    assert.equal(name, template.label);
    assert.equal(row.whose, template.public ? 'template-provider' : 'template-own');
    assert.equal(whoseText, template.public ? 'Provider\'s' : 'Yours');
    if (template.operating_system_distro) assert.ok(system.startsWith(template.operating_system_distro), system);
    if (template.template_size != null) assert.equal(size, `${template.template_size} GB`);
    assert.equal(status, template.status, 'active, pending or inactive as the API says');
    if (template.backup_id) assert.equal(madeFrom, `Backup ${template.backup_id}`);
  }
  assert.equal(rows.find((r) => r.id === `template-row-${own.id}`)?.whose, 'template-own');
  const inactive = all.find((t) => t.status === 'inactive');
  assert.ok(inactive, 'the simulator lists an inactive template');
  assert.equal(await page.getAttribute(`#template-row-${inactive.id} .badge`, 'class'), 'badge badge-offline');
  assert.equal(await page.$(`#template-rename-${inactive.id}`), null, 'the provider’s cannot be renamed');
  assert.equal(await page.$(`#template-delete-${inactive.id}`), null, 'nor deleted');
  assert.ok(await page.$(`#template-rename-${own.id}`), 'yours can be renamed');
  assert.ok(await page.$(`#template-delete-${own.id}`), 'and deleted');

  await page.selectOption('#templates-filter-status', 'inactive');
  await page.waitForURL(/status=inactive/);
  const inactiveOnes = (await apiGet(suite.sim.api, accountPath('/templates?status=inactive'))).body;
  await page.waitForSelector(`#templates-count:text-is("${counted(inactiveOnes.length, 'template')}")`);
  await page.selectOption('#templates-filter-status', '');
  await page.selectOption('#templates-filter-public', '0');
  await page.waitForURL(/public=0/);
  const yours = (await apiGet(suite.sim.api, accountPath('/templates?public=0'))).body;
  await page.waitForSelector(`#templates-count:text-is("${counted(yours.length, 'template')}")`);
  const classes = await page.$$eval('#templates-table tbody tr', (trs) => [...new Set(trs.map((tr) => tr.className))]);
  assert.deepEqual(classes, ['template-own']);
});

test('your own template is renamed and then deleted from the page, each recorded in the activity', async () => {
  const own = await ownTemplate('Rename e2e base');
  const page = await templatesPage();
  await page.click(`#template-rename-${own.id}`);
  await page.waitForSelector('#template-rename-dialog #template-rename-label');
  assert.equal(await page.inputValue('#template-rename-label'), 'Rename e2e base');
  await page.fill('#template-rename-label', 'Renamed e2e base');
  await page.click('#template-rename-submit');
  await page.waitForSelector('#template-rename-dialog', { state: 'hidden' });
  assert.equal((await listed()).find((t) => t.id === own.id)?.label, 'Renamed e2e base', 'the API holds the new label');
  await page.waitForSelector(`#template-row-${own.id} td:text-is("Renamed e2e base")`);

  await page.click(`#template-delete-${own.id}`);
  await page.waitForSelector('#template-delete-dialog #template-delete-submit');
  assert.match(await page.textContent('#template-delete-text'), /Renamed e2e base/);
  await page.click('#template-delete-submit');
  // The delete is queued: the API lists the template until its work is done.
  for (let i = 0; (await listed()).some((t) => t.id === own.id); i++) {
    assert.ok(i < 50, 'the template is gone from the API');
    await sleep(100);
  }
  await page.waitForSelector('#template-delete-dialog', { state: 'hidden' });
  await page.waitForSelector(`#template-row-${own.id}`, { state: 'detached' });

  await page.click('nav a[href="/activity"]');
  await page.waitForSelector('#activity-table');
  const rows = await page.$$eval('#activity-table tbody tr', (trs) => trs.slice(0, 2).map((tr) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.querySelector('.badge')?.textContent ?? td.textContent.trim())));
  assert.deepEqual(rows, [
    ['Delete template', 'Renamed e2e base', 'done'],
    ['Rename template', 'Rename e2e base', 'done'],
  ]);
});

test('a template a VM is built from: its delete shows the provider’s refusal, and it stays', async () => {
  const own = await ownTemplate('In use e2e base');
  const vm = await vms.take();
  const rebuilt = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { template_id: own.id, required_startup: false });
  assert.equal(rebuilt.status, 202);
  await untilLocked(suite.sim.api, vm.id);
  await untilIdle(suite.sim.api);

  const page = await templatesPage();
  await page.click(`#template-delete-${own.id}`);
  await page.waitForSelector('#template-delete-dialog #template-delete-submit');
  await page.click('#template-delete-submit');
  await page.waitForSelector('#template-delete-dialog #template-delete-error');
  const refusal = await page.textContent('#template-delete-error');
  assert.ok(refusal.includes(`in use by ${vm.label}`), refusal);
  assert.ok(await page.isVisible('#template-delete-dialog'), 'the dialog stays open with the refusal');
  assert.ok((await listed()).some((t) => t.id === own.id), 'the API keeps the template');
  await page.click('#template-delete-dialog button[aria-label="Close"]');
  await page.waitForSelector('#template-delete-dialog', { state: 'hidden' });
  assert.ok(await page.$(`#template-row-${own.id}`), 'the page keeps it too');
});

test('the snapshots page lists every VM’s snapshots with their VM, a failed one marked failed, and narrows to one VM', async () => {
  const all = (await apiGet(suite.sim.api, accountPath('/snapshots'))).body;
  const failed = all.filter((s) => Number(s.error) === 1);
  assert.ok(failed.length > 0, 'the seeded account has a failed snapshot');
  const names = Object.fromEntries((await apiGet(suite.sim.api, accountPath('/virtual_machines?limit=1000'))).body.map((vm) => [vm.id, vm.label ?? vm.hostname]));

  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/snapshots`);
  await page.waitForSelector('#account-snapshots-table');
  await page.waitForSelector(`#account-snapshots-count:text-is("${counted(all.length, 'snapshot')}")`);
  // The VMs' names arrive with the VM list, beside the snapshots.
  const expected = all.map((s) => [s.label, names[s.virtual_machine_id]]);
  await page.waitForFunction((want) => {
    const rows = [...document.querySelectorAll('#account-snapshots-table tbody tr')];
    return rows.length === want.length && rows.every((tr, i) => tr.cells[0].textContent === want[i][0] && tr.cells[1].textContent === want[i][1]);
  }, expected);
  const rows = await page.$$eval('#account-snapshots-table tbody tr', (trs) => trs.map((tr) => ({ state: tr.className, href: tr.cells[1].querySelector('a')?.getAttribute('href'), badge: tr.querySelector('.badge')?.textContent })));
  all.forEach((snapshot, i) => {
    assert.equal(rows[i].href, `/vms/${snapshot.virtual_machine_id}/snapshots`);
    if (Number(snapshot.error) === 1) assert.deepEqual([rows[i].state, rows[i].badge], ['snapshot-failed', 'failed'], `snapshot ${snapshot.id}`);
    else assert.notEqual(rows[i].state, 'snapshot-failed', `snapshot ${snapshot.id}`);
  });
  await page.waitForSelector('#account-snapshots-failed');

  const vmId = failed[0].virtual_machine_id;
  const ofVm = all.filter((s) => s.virtual_machine_id === vmId);
  await page.selectOption('#account-snapshots-filter-vm', vmId);
  await page.waitForURL(new RegExp(`virtual_machine_id=${vmId}`));
  await page.waitForSelector(`#account-snapshots-count:text-is("${counted(ofVm.length, 'snapshot')}")`);
  const shown = await page.$$eval('#account-snapshots-table tbody tr td:nth-child(2)', (tds) => [...new Set(tds.map((td) => td.textContent))]);
  assert.deepEqual(shown, [names[vmId]]);
  await page.click(`#account-snapshots-table a[href="/vms/${vmId}/snapshots"]`);
  await page.waitForSelector('#snapshot-table');
});
