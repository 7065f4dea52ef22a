// The pages the server sends for /login, /vms and a VM's page: their first paint is the page's own frame, in the user's language and theme, before the wasm has arrived; what is typed into the login form before the app is ready is kept; and the app takes the page over without moving it.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO } from '../support/api.mjs';
import { rememberedLogin } from '../support/pages/login.mjs';
import { holdWasm } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '12'], { before, after, afterEach });

/** The sum of the page's layout shifts so far (the Layout Instability API, as CLS adds them up). */
const layoutShift = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );

const box = (page, selector) => page.locator(selector).first().boundingBox();

test('each page paints its frame from the HTML, in English or Spanish, before any wasm arrives', async () => {
  for (const [locale, title, login, intro, firewall] of [
    ['en-US', 'Virtual machines', 'Log in', 'Log in to manage', 'Firewall'],
    ['es-ES', 'Máquinas virtuales', 'Iniciar sesión', 'Inicia sesión para gestionar', 'Cortafuegos'],
  ]) {
    const { page } = await suite.open({ locale });
    await holdWasm(page);
    await page.goto(`${suite.sim.url}/login`);
    assert.equal(await page.getAttribute('html', 'lang'), locale.slice(0, 2));
    assert.equal(await page.textContent('.login-card .button-primary'), login);
    assert.match(await page.textContent('.login-card > p.muted'), new RegExp(`^${intro}`));
    assert.equal(await page.inputValue('#first-paint-base-url'), '/api');
    assert.equal(await page.$('#login-submit'), null, 'the app has not started');

    await page.goto(`${suite.sim.url}/vms`);
    assert.equal(await page.textContent('main h1'), title);
    assert.equal(await page.locator('.table-skeleton .skeleton-row').count(), 6);
    await page.goto(`${suite.sim.url}/vms/1001/firewall`);
    assert.equal(await page.textContent('.breadcrumb a'), title);
    assert.ok(await page.$('.vm-header .skeleton-name'));
    // The tabs, pointed at this VM, the open one marked.
    assert.equal(await page.locator('nav.tabs a').count(), 10);
    assert.equal(await page.getAttribute('nav.tabs a:first-child', 'href'), '/vms/1001');
    assert.equal(await page.textContent('nav.tabs a[aria-current="page"]'), firewall);
    assert.equal(await page.getAttribute('nav.tabs a[aria-current="page"]', 'href'), '/vms/1001/firewall');
  }
});

test('the first paint follows the theme and language chosen in the panel, and leaves out a dismissed notice', async () => {
  const { page } = await suite.open({ locale: 'en-US', colorScheme: 'light' });
  await page.addInitScript(() => {
    localStorage.setItem('vmdeck.theme', 'dark');
    localStorage.setItem('vmdeck.lang', JSON.stringify('es'));
  });
  await holdWasm(page);
  await page.goto(`${suite.sim.url}/login`);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.equal(await page.inputValue('select[data-first-paint="language"]'), 'es');
  assert.equal(await page.getAttribute('.provider-notice', 'aria-label'), 'Aviso de vmdeck');
  const key = await page.getAttribute('.provider-notice', 'data-notice');

  await page.evaluate((k) => localStorage.setItem('vmdeck.notices_dismissed', JSON.stringify([k])), key);
  await page.reload();
  assert.equal(await page.$('.provider-notice'), null);
});

test('what is typed into the login form before the app is ready is kept, with the caret, and logs in', async () => {
  const { page } = await suite.open();
  const wasm = await holdWasm(page);
  await page.goto(`${suite.sim.url}/login?next=%2Fvms%2F1001`);
  await page.fill('#first-paint-email', DEMO.email);
  await page.check('.login-form input[name="remember"]');
  await page.click('#first-paint-password');
  await page.keyboard.type(DEMO.password.slice(0, -1));

  await wasm.release();
  await page.waitForSelector('#login-submit');
  assert.equal(await page.inputValue('#login-email'), DEMO.email);
  assert.equal(await page.inputValue('#login-password'), DEMO.password.slice(0, -1));
  assert.equal(await page.isChecked('#login-remember'), true);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'login-password');
  // Typing goes on where it stopped.
  await page.keyboard.type(DEMO.password.slice(-1));
  assert.equal(await page.inputValue('#login-password'), DEMO.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/vms\/1001$/);
  await page.waitForSelector('#vm-title');
  assert.equal(await page.$('[data-first-paint]'), null, 'nothing of the static page is left');
});

test('the app takes each page over without moving it', async () => {
  // Logged in, as a returning user opens the list and a VM.
  const seed = await suite.open();
  const storageState = await rememberedLogin(seed.page, suite.sim.url);
  for (const [path, ready, selectors] of [
    ['/login', '#login-submit', ['.login-card', '.login-card h1', '.login-form .button-primary', '#first-paint-password']],
    ['/vms', '#vm-table tbody tr', ['main h1', '.toolbar', '.page-actions .button-primary']],
    ['/vms/1001/statistics', '#vm-title', ['.breadcrumb-row', '.breadcrumb a', '.vm-header', 'nav.tabs', 'nav.tabs a[aria-current="page"]']],
  ]) {
    const { page } = await suite.open(path === '/login' ? {} : { storageState });
    const wasm = await holdWasm(page);
    await page.goto(`${suite.sim.url}${path}`);
    const before = await Promise.all(selectors.map((selector) => box(page, selector)));
    const tabs = () => page.$$eval('nav.tabs a', (links) => links.map((a) => [a.getAttribute('href'), a.textContent, a.getAttribute('aria-current')]));
    const tabsBefore = await tabs();
    await wasm.release();
    await page.waitForSelector(ready);
    const after = await Promise.all(selectors.map((selector) => box(page, selector.replace('#first-paint-password', '#login-password'))));
    selectors.forEach((selector, i) => assert.deepEqual(after[i], before[i], `${path}: ${selector} stays where it was painted`));
    // The VM page's tabs as the app draws them (vmdeck_core::route::VmTab::ALL).
    assert.deepEqual(await tabs(), tabsBefore, `${path}: the same tabs`);
    const shift = await layoutShift(page);
    assert.ok(shift <= 0.02, `${path}: layout shift ${shift.toFixed(3)}, at most 0.02`);
  }
});

test('without a login, a bookmarked VM page leads to the login form without waiting for the VM page\'s code', async () => {
  const { page } = await suite.open();
  // The VM tabs' code never arrives; the login page does not need it.
  await page.route(/split_part_vm_tabs\.wasm$/, () => {});
  await page.goto(`${suite.sim.url}/vms/1001/firewall`);
  await page.waitForURL(/\/login\?next=%2Fvms%2F1001%2Ffirewall$/);
  await page.waitForSelector('#login-submit');
});
