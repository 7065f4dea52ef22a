// Saved views of the VM list, kept in this panel: the list as it is saved under a name with its address to share, opened from the toolbar and the switcher, replaced under the same name, deleted; a name it cannot keep refused; a view in storage that leads off the list never offered.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems } from '../support/accessibility.mjs';
import { accountPath, apiGet } from '../support/api.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { recordWrites } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '120', '--op-ms', '300'], { before, after, afterEach });

/** Waits until the table shows exactly the API's answer to `query`. */
async function expectRows(page, query) {
  const want = (await apiGet(suite.sim.api, accountPath(`/virtual_machines?${query}`))).body.map((vm) => vm.id);
  await page.waitForFunction(
    (ids) => [...document.querySelectorAll('#vm-table tbody tr')].map((r) => r.id.replace('vm-row-', '')).join() === ids.join(),
    want,
  );
}

const savedNames = (page) => page.$$eval('#views-menu .view-link', (links) => links.map((a) => a.textContent));

async function saveView(page, name) {
  await page.click('#views-menu summary');
  await page.click('#view-save-open');
  await page.waitForSelector('#view-save-dialog[open]');
  await page.fill('#view-name', name);
}

test('the list saved as a view opens again from the toolbar and the switcher, is replaced under its name and deleted', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  const writes = recordWrites(page);
  const href = '/vms?status=online&sort=memory&order=desc&limit=25';
  await page.goto(`${suite.sim.url}${href}`);
  await expectRows(page, 'status=online&sort=memory&order=desc&limit=25');

  await saveView(page, '  Online,  biggest first ');
  assert.equal(await page.textContent('#view-address'), `${suite.sim.url}${href}`, 'the view is its address, to share');
  assert.deepEqual(await axeProblems(page, 'the save view dialog'), []);
  await page.click('#view-save');
  await page.waitForSelector('#view-save-dialog', { state: 'hidden' });
  await page.click('#views-menu summary');
  assert.deepEqual(await savedNames(page), ['Online, biggest first']);
  assert.equal(await page.getAttribute('#views-menu .view-link', 'aria-current'), 'page');
  assert.deepEqual(await axeProblems(page, 'the views menu'), []);

  // Opened from the toolbar on another view of the list.
  await page.goto(`${suite.sim.url}/vms`);
  await page.waitForSelector('#vm-table tbody tr');
  await page.click('#views-menu summary');
  await page.click('#views-menu .view-link[data-view="Online, biggest first"]');
  await page.waitForURL(`${suite.sim.url}${href}`);
  await expectRows(page, 'status=online&sort=memory&order=desc&limit=25');

  // And from the switcher, by a word of its name.
  await page.goto(`${suite.sim.url}/interfaces`);
  await page.waitForSelector('#nics-table');
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#switcher[open]');
  await page.fill('#switcher-input', 'BIGGEST');
  await page.waitForSelector(`#switcher-results a[href="${href}"]`);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${suite.sim.url}${href}`);

  // Saved again under the same name (in another case): said first, then replaced in its place.
  await page.goto(`${suite.sim.url}/vms?status=offline&limit=25`);
  await page.waitForSelector('#vm-table tbody tr');
  await saveView(page, 'online, BIGGEST first');
  await page.waitForSelector('#view-replaces');
  assert.match(await page.textContent('#view-replaces'), /A view named “Online, biggest first” is kept already: saving replaces it/);
  await page.click('#view-save');
  await page.waitForSelector('#view-save-dialog', { state: 'hidden' });
  await page.click('#views-menu summary');
  assert.deepEqual(await savedNames(page), ['online, BIGGEST first']);
  assert.equal(await page.getAttribute('#views-menu .view-link', 'href'), '/vms?status=offline&limit=25');

  // Kept across a reload, then deleted.
  await page.reload();
  await page.waitForSelector('#vm-table tbody tr');
  await page.click('#views-menu summary');
  assert.deepEqual(await savedNames(page), ['online, BIGGEST first']);
  await page.click('#views-menu .view-delete');
  await page.waitForSelector('#views-menu li:has-text("No saved views yet.")');
  assert.deepEqual(writes.list(), [], 'views are not the API\'s: nothing was sent');
});

test('a view needs a name, and one kept in storage that leads off the list is not offered', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await saveView(page, '   ');
  await page.click('#view-save');
  await page.waitForSelector('#view-name-error');
  assert.match(await page.textContent('#view-name-error'), /Give the view a name/);
  await page.fill('#view-name', 'Mine');
  await page.click('#view-save');
  await page.waitForSelector('#view-save-dialog', { state: 'hidden' });

  // Someone with the browser's storage writes views of their own.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('vmdeck.views.'));
    const kept = JSON.parse(localStorage.getItem(key));
    kept.push({ name: 'Elsewhere', href: 'https://evil.example/vms' }, { name: 'Script', href: 'javascript:alert(1)' }, { name: 'Other host', href: '//evil.example/vms?x=1' });
    localStorage.setItem(key, JSON.stringify(kept));
  });
  await page.reload();
  await page.waitForSelector('#vm-table tbody tr');
  await page.click('#views-menu summary');
  assert.deepEqual(await savedNames(page), ['Mine']);
  assert.deepEqual(await page.$$eval('#views-menu a', (links) => links.map((a) => a.getAttribute('href'))), ['/vms?limit=50']);
});
