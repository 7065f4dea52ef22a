// Accessibility: axe-core on every page and dialog in light and dark, keyboard use, focus in dialogs, table headers, announcements.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems, focused, focusMovesTo } from '../support/accessibility.mjs';
import { untilLocked, vmPicker } from '../support/api.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { visitEverything } from '../support/pages/tour.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { startSim } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '40', '--op-ms', '1500'], { before, after, afterEach });
// Each test that reboots or opens the dialogs of a VM takes one of its own.
const vms = vmPicker(suite);

for (const scheme of ['light', 'dark']) {
  test(`axe finds no serious or critical violation on any page, ${scheme}`, async () => {
    const { page } = await suite.open({ colorScheme: scheme });
    const problems = [];
    await visitEverything(page, suite.sim.url, await vms.take({ status: 'online' }), async (where) => {
      // The theme really is the one asked for, so that contrast is checked in it.
      assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
      problems.push(...(await axeProblems(page, where)));
    });

    // A customer without VMs sees the empty state.
    const empty = await startSim(['--vms', '0']);
    try {
      await logIn(page, empty.url);
      await page.waitForSelector('#vm-list-empty');
      problems.push(...(await axeProblems(page, 'VM list, no VMs at all')));
    } finally {
      await empty.stop();
    }
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
}

test('the axe check reports what it should: a faint text and a button without a name', async () => {
  const { page } = await suite.open();
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement('p'), { id: 'faint', textContent: 'hard to read' });
    faint.setAttribute('class', 'muted');
    Object.assign(faint.style, { color: '#ccc', background: '#fff' });
    const nameless = Object.assign(document.createElement('button'), { id: 'nameless' });
    document.querySelector('main').append(faint, nameless);
  });
  const problems = (await axeProblems(page, 'planted')).join('\n');
  assert.match(problems, /color-contrast \(serious\)[^]*#faint/);
  assert.match(problems, /button-name \(critical\)[^]*#nameless/);
});

test('the chosen theme, not only the system one, passes axe', async () => {
  // The toggle sets data-theme on <html>: dark chosen on a light system.
  const { page } = await loggedInPage(suite, { colorScheme: 'light', ready: '#vm-table tbody tr' });
  await page.click('#theme-toggle');
  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  const problems = await axeProblems(page, 'VM list, dark chosen');
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

/** Presses Tab until the focus is on `selector`; fails if it never gets there. */
async function tabTo(page, selector, { max = 80, key = 'Tab' } = {}) {
  const path = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      // The focus shows: keyboard users must see where they are.
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      });
      assert.ok(ring, `${selector} has a visible focus outline`);
      return;
    }
    path.push(await focused(page));
  }
  assert.fail(`${key} never reached ${selector}; it went through: ${path.join(' → ')}`);
}

test('keyboard only: open a VM from the list, reboot it, confirm; the start and the end are announced', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms?id=${vm.id}`);
  await page.waitForSelector(`#vm-row-${vm.id}`);
  // The live region is on the page before anything happens, as screen readers need.
  const live = await page.$eval('#task-announcement', (el) => [el.getAttribute('role'), el.getAttribute('aria-live'), el.textContent]);
  assert.deepEqual(live, ['status', 'polite', '']);

  await tabTo(page, `#vm-row-${vm.id} a[href="/vms/${vm.id}"]`);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/vms/${vm.id}$`));
  await page.waitForSelector('#vm-title');
  await tabTo(page, '#action-reboot');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#reboot-dialog[open]');
  assert.ok(await page.evaluate(() => document.querySelector('#reboot-dialog').contains(document.activeElement)), 'the focus moved into the dialog');
  await tabTo(page, '#reboot-dialog #confirm-action');
  await page.keyboard.press('Enter');

  await page.waitForSelector('#reboot-dialog:not([open])', { state: 'attached' });
  await page.waitForSelector('.vm-state .busy');
  // The Reboot button that opened the dialog is disabled while the VM is busy:
  // the focus goes to the page's main part rather than being dropped.
  await focusMovesTo(page, '#main', 'the focus after the dialog');
  const name = await page.textContent('#vm-title');
  await page.waitForFunction((text) => document.querySelector('#task-announcement').textContent.includes(text), `Reboot on ${name.trim()}: started`);
  // The reboot reached the API: the service marks the VM busy a moment later.
  await untilLocked(suite.sim.api, vm.id);
  await page.waitForFunction(
    (text) => document.querySelector('#task-announcement').textContent.includes(text),
    `Reboot on ${name.trim()}: done`,
    { timeout: 10000 },
  );
});

test('the first Tab offers a link past the header to the content', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  assert.ok(await page.evaluate(() => document.activeElement.getBoundingClientRect().top >= 0), 'the focused skip link is on screen');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
  // The next Tab goes on inside the content, not back in the header.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.querySelector('main').contains(document.activeElement)), `after the skip: ${await focused(page)}`);
});

test('the list: from the skip link a few Tab presses reach the first VM; the sort headings are one stop, moved through with the arrows', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const path = [];
  while (!(await page.evaluate(() => !!document.activeElement?.closest('#vm-table tbody'))) && path.length < 40) {
    await page.keyboard.press('Tab');
    path.push(await focused(page));
  }
  // The page's actions, the search and its field, views, columns, filters,
  // the sort, the page's box, one sort heading; then the first row.
  assert.ok(path.length <= 12, `${path.length} stops to the first VM: ${path.join(' → ')}`);
  assert.equal(path.filter((stop) => stop.includes('sort-')).length, 1, `one sort heading on the way: ${path.join(' → ')}`);
  // The arrows move among the headings; Tab then leaves the row.
  await page.focus('#sort-label');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'sort-status');
  await page.keyboard.press('End');
  const last = await page.$$eval('#vm-table thead button.sort', (buttons) => buttons.at(-1).id);
  assert.equal(await page.evaluate(() => document.activeElement?.id), last);
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'sort-label');
  await page.keyboard.press('Enter');
  await page.waitForSelector('th[aria-sort="ascending"] #sort-label');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => !document.activeElement?.closest('thead')), `Tab leaves the headings: ${await focused(page)}`);
});

/** Everything in the dialog that Tab can reach, in order. */
const dialogStops = (page, dialog) =>
  page.$$eval(`${dialog} :is(a[href], button, input, select, textarea, [tabindex], details > summary)`, (els) =>
    els
      .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0)
      .filter((el) => !(el.type === 'radio' && !el.checked && el.name && document.querySelector(`input[type=radio][name="${el.name}"]:checked`)))
      .map((el) => el.id || el.getAttribute('aria-label') || el.textContent.trim()),
  );

test('a dialog keeps the focus while open and gives it back to its button when closed', async () => {
  const vm = await vms.take({ status: 'online' });
  const { page } = await openVm(suite, vm, 'settings', { ready: '#card-edit' });

  const dialogs = [
    // opener, dialog, its last control (the content may come after a read)
    ['#open-destroy', '#destroy-dialog', '#confirm-action'],
    ['#open-edit', '#edit-dialog', '#confirm-action'],
    ['#action-reboot', '#reboot-dialog', '#confirm-action'],
  ];
  for (const [opener, dialog, last] of dialogs) {
    await page.focus(opener);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${dialog}[open] ${last}`);
    const stops = await dialogStops(page, dialog);
    assert.ok(stops.length >= 2, `${dialog} has controls: ${stops}`);
    const name = () => page.evaluate(() => {
      const el = document.activeElement;
      return el.id || el.getAttribute('aria-label') || el.textContent.trim();
    });
    const inside = () => page.evaluate((d) => document.querySelector(d).contains(document.activeElement), dialog);
    // Round the dialog twice each way: the focus never leaves it and comes round.
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen = [];
      for (let i = 0; i < stops.length * 2; i += 1) {
        await page.keyboard.press(key);
        assert.ok(await inside(), `${key} ${i + 1} times in ${dialog} left it for ${await focused(page)}`);
        seen.push(await name());
      }
      assert.deepEqual(seen.slice(0, stops.length), seen.slice(stops.length), `${key} goes round ${dialog}: ${seen}`);
      assert.deepEqual(new Set(seen), new Set(stops), `${key} reaches every control of ${dialog}`);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${dialog}:not([open])`, { state: 'attached' });
    await focusMovesTo(page, opener, 'Escape gives the focus back to its opener');

    // The close button does the same.
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${dialog}[open]`);
    await tabTo(page, `${dialog} button[aria-label="Close"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${dialog}:not([open])`, { state: 'attached' });
    await focusMovesTo(page, opener, 'Close gives the focus back to its opener');
  }
});

test('the focus put elsewhere while a dialog closes stays there', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await openVm(suite, vm, 'settings');
  await page.focus('#open-destroy');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#destroy-dialog[open] #confirm-action');
  // The browser sends `close` a task after the dialog closed; the focus is
  // moved in between, as a quick user (or a shortcut) would.
  const focused = await page.evaluate(async () => {
    const dialog = document.querySelector('#destroy-dialog');
    const closed = new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
    new MutationObserver((_, observer) => {
      if (!dialog.open) {
        observer.disconnect();
        document.querySelector('#open-edit').focus();
      }
    }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
    dialog.querySelector('button[aria-label="Close"]').click();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return document.activeElement?.id;
  });
  assert.equal(focused, 'open-edit');
});

test('every table has header cells with a scope', async () => {
  const { page } = await suite.open();
  const problems = [];
  let tables = 0;
  await visitEverything(page, suite.sim.url, await vms.take({ status: 'online' }), async (where) => {
    if (where === 'VM statistics tab') {
      // Each chart's values can be shown as a table.
      for (const button of await page.$$('.chart button[aria-controls]')) await button.click();
      await page.waitForSelector('.chart-table table');
    }
    const found = await page.$$eval('table', (list) =>
      list.map((table) => {
        const name = table.id || table.className;
        const headers = [...table.querySelectorAll('th')];
        const wrong = [];
        if (headers.length === 0) wrong.push('no <th> at all');
        for (const th of headers) {
          if (!['col', 'row', 'colgroup', 'rowgroup'].includes(th.getAttribute('scope'))) wrong.push(`<th> "${th.textContent.trim()}" has no scope`);
        }
        // A data row is headed by its column headers or by a row header of its own.
        const columns = table.querySelectorAll('thead th[scope="col"]').length;
        for (const row of table.querySelectorAll('tbody tr')) {
          if (columns === 0 && !row.querySelector('th[scope="row"]')) wrong.push('a row without any header');
        }
        return { name, wrong };
      }),
    );
    tables += found.length;
    for (const { name, wrong } of found) problems.push(...wrong.map((w) => `[${where}] table ${name}: ${w}`));
  });
  assert.ok(tables >= 8, `tables were found on the pages (${tables})`);
  assert.deepEqual(problems, []);
});

test('a form with mistakes takes the focus to the first, which is described by its message', async () => {
  const { page } = await loggedInPage(suite, { ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-submit');
  await page.fill('#create-hostname', '9-bad host');
  await page.focus('#create-submit');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.field-error');
  await focusMovesTo(page, '[aria-invalid="true"]', 'the focus goes to a field with a mistake');
  const described = await page.evaluate(() => {
    const el = document.activeElement;
    const ids = (el.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
    return { id: el.id, invalid: el.getAttribute('aria-invalid'), texts: ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`) };
  });
  assert.equal(described.invalid, 'true', `the focused ${described.id} is marked invalid`);
  assert.ok(described.texts.length > 0 && !described.texts.some((t) => t.startsWith('missing')), `${described.id} is described by its message: ${described.texts}`);
});
