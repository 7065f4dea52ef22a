// Leaving unsent input: a link of the panel asks first and staying keeps it all, a reload keeps it, a sent form or one without input leaves without a question.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { draftKeys } from '../support/pages/forms.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '1500'], { before, after, afterEach });

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
