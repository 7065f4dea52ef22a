// A provider's deployment: config.json's brand (name, logo, colours, support) on every page, and its plans with prices in the create and edit forms.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems } from '../support/accessibility.mjs';
import { accountPath, apiSend, vmOf, vmPicker } from '../support/api.mjs';
import { fillBasics } from '../support/pages/create.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const BRAND = { name: 'Nube Hosting', logo: '/brand/logo.svg', primary_color: '#0b5d3b', accent_color: '#c2410c', support: 'mailto:ayuda@nube.example' };
const PLANS = [
  { name: 'Starter', memory: 1024, cpus: 1, disk: 200, price: { monthly: 10, hourly: 0.0137, currency: 'EUR' } },
  { name: 'Business', memory: 2048, cpus: 2, disk: 250, price: { monthly: 17.5, hourly: 0.024, currency: 'EUR' } },
  { name: 'Mini', memory: 512, cpus: 1, disk: 100, price: { monthly: 4, currency: 'EUR' } },
];

// The built panel as a provider deploys it: its own config.json and logo.
const deployed = deployedCopy(
  'branded',
  (built) => ({ ...built, brand: BRAND, catalogue: { ...built.catalogue, plans: PLANS } }),
  { 'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><circle cx="14" cy="14" r="12" fill="#0b5d3b"/></svg>' },
);
const { config } = deployed;

const suite = useSuite(['--vms', '30', '--op-ms', '300', '--dist', deployed.dir], { before, after, afterEach });
const vms = vmPicker(suite);
after(deployed.remove);

/** What a page shows of the brand, and the primary button's colour. */
async function brandOf(page) {
  await page.waitForFunction(() => document.querySelector('#brand-name')?.textContent === 'Nube Hosting');
  // Loaded or refused: either way the image is complete.
  await page.waitForFunction(() => document.querySelector('#brand-logo')?.complete);
  return page.evaluate(() => ({
    name: document.querySelector('#brand-name').textContent,
    logo: document.querySelector('#brand-logo')?.getAttribute('src'),
    logoLoaded: document.querySelector('#brand-logo')?.naturalWidth > 0,
    title: document.title,
    accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
    support: document.querySelector('#support-link, #login-support')?.getAttribute('href'),
  }));
}

for (const scheme of ['light', 'dark']) {
  test(`the brand's name, logo and colours on every page, passing axe, ${scheme}`, async () => {
    const vm = await vms.look({ status: 'online' });
    const handle = await suite.open({ colorScheme: scheme });
    const { page } = handle;
    await page.goto(`${suite.sim.url}/login`);
    const problems = [];
    const check = async (where) => {
      const seen = await brandOf(page);
      assert.equal(seen.logo, '/brand/logo.svg', where);
      assert.ok(seen.logoLoaded, `${where}: the logo loads under the page's policy`);
      assert.match(seen.title, / · Nube Hosting$|^Nube Hosting$/, where);
      assert.match(seen.accent, /^light-dark\(#0b5d3b, #[0-9a-f]{6}\)$/, where);
      assert.equal(seen.support, 'mailto:ayuda@nube.example', where);
      problems.push(...(await axeProblems(page, `${where}, ${scheme}`)));
    };
    await check('login');
    await logIn(page, suite.sim.url);
    await page.waitForSelector('#vm-table tbody tr');
    await check('VM list');
    // The primary colour is the one given, in the light theme; lightened to read in the dark one.
    const button = await page.$eval('#create-vm', (b) => getComputedStyle(b).backgroundColor);
    if (scheme === 'light') assert.equal(button, 'rgb(11, 93, 59)');
    else assert.notEqual(button, 'rgb(11, 93, 59)');
    for (const [where, pathname, ready] of [
      ['create form', '/vms/new', '#plan-cards'],
      ['VM page', `/vms/${vm.id}`, '#vm-title'],
      ['interfaces', '/interfaces', 'h1'],
      ['IP addresses', '/ip-addresses', 'h1'],
      ['not found', '/nowhere', 'h1'],
    ]) {
      await page.goto(`${suite.sim.url}${pathname}`);
      await page.waitForSelector(ready);
      await check(where);
    }
    assert.deepEqual(problems, []);
  });
}

test('a bad brand value is left out with a console warning, never a broken page', async () => {
  const { page, problems } = await loggedInPage(suite);
  // The good file gives no warning at all.
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...config, brand: { ...BRAND, logo: 'https://evil.example/x.svg', primary_color: '#ffd700' } }) }),
  );
  await page.reload();
  await page.waitForSelector('#vm-table');
  await page.waitForFunction(() => document.querySelector('#brand-name')?.textContent === 'Nube Hosting');
  assert.equal(await page.$('#brand-logo'), null, 'no off-origin logo');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()), 'light-dark(#2f6fed, #6d9bff)');
  assert.ok(warnings.some((w) => w.includes('brand.logo “https://evil.example/x.svg” is not a path on the panel\'s own origin')), warnings.join('\n'));
  assert.ok(warnings.some((w) => w.includes('brand.primary_color “#ffd700” is too light for white text')), warnings.join('\n'));
  // Console warnings are not errors: the suite's check of each page still holds.
  assert.equal(problems.length, 0);
});

test('create from a plan sends the plan\'s sizes; the cards show the prices', async () => {
  const { page } = await loggedInPage(suite);
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#plan-cards');
  const cards = await page.$$eval('.plan-card', (cards) => cards.map((c) => c.textContent));
  assert.equal(cards.length, 4, 'three plans and Custom');
  assert.ok(cards[1].includes('Business') && cards[1].includes('2 GB memory · 2 CPUs · 250 GB disk'), cards[1]);
  // The browser's locale (Chromium here: en-US) writes the money.
  assert.ok(cards[1].includes('€17.50 a month · €0.024 an hour'), cards[1]);
  assert.ok(await page.isChecked('#plan-custom'), 'today\'s fields until a plan is picked');
  await page.check('#plan-1');
  await page.waitForSelector('#create-memory', { state: 'detached' });
  assert.match(await page.textContent('#create-plan-disk'), /250 GB/);
  const posts = recordRequests(page, (url, method) => method === 'POST' && url.endsWith('/virtual_machine'));
  await fillBasics(page, { label: 'On a plan', hostname: 'plan-01', template: '1' });
  await page.click('#create-submit');
  await page.waitForURL(/\/vms\/\d+$/);
  const body = JSON.parse(posts.list()[0].body);
  assert.deepEqual([body.memory, body.cpus, body.primary_disk_size], ['2048', '2', '250']);
});

test('resizing offers the plans with the difference in price; a smaller disk is not offered', async () => {
  const vm = await vms.take({ status: 'offline' });
  // The VM on the Starter plan.
  const put = await apiSend(suite.sim.api, 'PUT', accountPath(`/virtual_machine/${vm.id}`), { memory: 1024, cpus: 1, primary_disk_size: 200 });
  assert.equal(put.status, 200);
  const { page } = await openVm(suite, vm, 'settings');
  await page.click('#open-edit');
  await page.waitForSelector('#edit-dialog #plan-cards');
  const text = (i) => page.textContent(`#edit-dialog .plan-card:nth-child(${i + 1})`);
  assert.match(await text(0), /Your plan now/);
  assert.match(await text(1), /\+€7\.50 a month/);
  assert.ok(await page.isChecked('#plan-0'));
  assert.ok(await page.isDisabled('#plan-2'), 'Mini would shrink the disk');
  assert.match(await text(2), /The system disk cannot shrink/);
  await page.check('#plan-1');
  assert.equal(await page.inputValue('#edit-memory'), '2048');
  const puts = recordRequests(page, (url, method) => method === 'PUT');
  await page.click('#edit-dialog #confirm-action');
  await page.waitForSelector('#edit-dialog', { state: 'hidden' });
  const sent = JSON.parse(puts.list()[0].body);
  assert.deepEqual([sent.memory, sent.cpus, sent.primary_disk_size], ['2048', '2', '250']);
  assert.equal((await vmOf(suite.sim.api, vm)).memory, 2048);
});
