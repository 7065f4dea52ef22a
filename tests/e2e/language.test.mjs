// The panel in Spanish: the language from the browser or the header's switch, remembered, `<html lang>` following it, numbers and money written the Spanish way, and no English left on any page.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { axeProblems } from '../support/accessibility.mjs';
import { vmPicker } from '../support/api.mjs';
import { settled } from '../support/browser.mjs';
import { logIn, loggedInPage } from '../support/pages/login.mjs';
import { ACTIVITY_TAB, VM_TABS, gotoVm } from '../support/pages/vm.mjs';
import { ROOT, deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const PLANS = [
  { name: 'Starter', memory: 1024, cpus: 1, disk: 200, price: { monthly: 10, hourly: 0.0137, currency: 'EUR' } },
  { name: 'Business', memory: 2048, cpus: 2, disk: 250, price: { monthly: 1234.5, hourly: 1.69, currency: 'EUR' } },
];

// A provider's deployment with plans and a brand, for prices and the branded
// create form, naming its places the way a Spanish provider would (the
// simulator's own config names them in English words: "Location 1").
const deployed = deployedCopy('es', (built) => ({
  ...built,
  brand: { name: 'Nube Hosting', primary_color: '#0b5d3b' },
  catalogue: {
    ...built.catalogue,
    plans: PLANS,
    locations: [{ id: '1', label: 'Madrid' }, { id: '2', label: 'Valencia' }],
    networks: [{ id: '1', label: 'Internet' }, { id: '2', label: 'Interna' }],
    data_store_groups: [{ id: '1', label: 'SSD rápido' }, { id: '2', label: 'HDD' }],
  },
}));

const suite = useSuite(['--vms', '30', '--op-ms', '300', '--dist', deployed.dir], { before, after, afterEach });
const vms = vmPicker(suite);
after(deployed.remove);

/** Every text of the panel's language files, `crates/core/i18n/{en,es}.json`: `"<area>.<NAME>": "text"`. */
function catalogue() {
  const read = (lang) => JSON.parse(readFileSync(path.join(ROOT, 'crates/core/i18n', `${lang}.json`), 'utf8'));
  const [en, es] = [read('en'), read('es')];
  return Object.keys(en).map((key) => ({ key, en: en[key], es: es[key] }));
}

const ENTRIES = catalogue();

/**
 * What gives English away: each English text that differs from its Spanish,
 * or the pieces of it between its `{values}` that are at least two words.
 * A piece that is also part of some Spanish text ("CPU", "IP") proves nothing.
 */
function englishTells() {
  const spanish = ENTRIES.map((e) => e.es).join('\n');
  const tells = new Map();
  for (const { key, en, es } of ENTRIES) {
    if (en === es) continue;
    const pieces = /\{\w+\}/.test(en)
      ? en.split(/\{\w+\}/).map((p) => p.trim().replace(/^[\s,.:;·(]+|[\s,.:;·)]+$/g, '')).filter((p) => /\S\s\S/.test(p))
      : [en];
    for (const piece of pieces) {
      if (piece.length < 3 || !/[A-Za-z]{2}/.test(piece) || spanish.includes(piece)) continue;
      tells.set(piece, key);
    }
  }
  return tells;
}

// English texts that the simulator's own data also uses, with why: the API's
// data is shown as it comes, so these prove nothing on a page.
const DATA_TOO = new Map([
  ['Snapshot', 'the simulator labels snapshots "Snapshot 1"'],
  ['Search', 'the simulator names VMs "Search database 1"'],
  ['balancer', 'the simulator names VMs "Media load balancer 1"'],
  ['backup', 'the simulator names VMs "Blog backup 1"'],
  ['active', 'an interface\'s status is shown as the API sends it ("active")'],
  ['pending', 'an interface\'s status is shown as the API sends it ("pending")'],
  ['standard', 'a template\'s edition is shown as the API sends it ("standard")'],
]);

const TELLS = new Map([...englishTells()].filter(([text]) => !DATA_TOO.has(text)));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TELL_PATTERNS = [...TELLS].map(([text, key]) => ({ text, key, re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'u') }));

/** Everything a user reads or hears on the page: its rendered text, the title and the texts of attributes. */
function pageWords(page) {
  return page.evaluate(() => {
    // Commands and the API's values in monospace (curl, hostnames, addresses,
    // mount points), and what is marked not to be translated (time zones by
    // their IANA names), are not the panel's words: left out of the reading.
    const code = [...document.querySelectorAll('pre, code, .mono, [translate="no"]')].filter((el) => el.style.display !== 'none');
    for (const el of code) el.style.display = 'none';
    const texts = [document.title, document.body.innerText];
    for (const el of code) el.style.display = '';
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt], [aria-description]')) {
      if (el.closest('[hidden], dialog:not([open]), template')) continue;
      for (const attr of ['title', 'aria-label', 'placeholder', 'alt', 'aria-description']) {
        const value = el.getAttribute(attr);
        if (value) texts.push(value);
      }
    }
    return texts.join('\n');
  });
}

/** The English texts of the catalogue found on the page, with their keys. */
async function englishLeft(page) {
  const words = await pageWords(page);
  return TELL_PATTERNS.filter(({ re }) => re.test(words)).map(({ text, key }) => `${key} "${text}"`);
}

test('the catalogue is read whole: every text of both language files, each in both languages', () => {
  for (const { key, en, es } of ENTRIES) {
    assert.ok(typeof en === 'string' && en.trim() !== '', `${key} in English`);
    assert.ok(typeof es === 'string' && es.trim() !== '', `${key} in Spanish`);
  }
  assert.ok(ENTRIES.length > 300, `${ENTRIES.length} entries`);
  assert.ok(TELLS.size > 200, `${TELLS.size} English texts to look for`);
});

test('every page in Spanish: no English text of the catalogue left, lang="es", passing axe', async () => {
  const vm = await vms.look({ status: 'online' });
  const handle = await suite.open({ locale: 'es-ES' });
  const { page } = handle;
  const left = [];
  const check = async (where) => {
    await settled(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'es', where);
    for (const text of await englishLeft(page)) left.push(`${where}: ${text}`);
  };

  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await check('/login');
  // A mistake of the user's: the message at the field is Spanish too.
  await page.fill('#login-email', '');
  await page.click('#login-submit');
  await page.waitForSelector('.login-form .field-error, #login-error, .notice-error');
  await check('/login with a mistake');

  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table tbody tr');
  await check('/vms');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Máquinas virtuales');

  const pages = [
    ['/vms/new', '#create-form'],
    ...[...VM_TABS, ACTIVITY_TAB].map(({ path, ready }) => [`/vms/${vm.id}${path}`, ready]),
    ['/interfaces', '#nics-table'],
    ['/ip-addresses', '#ips-table'],
    [`/vms/${vm.id}/backups`, '#backup-table, #backups-empty'],
    ['/templates', '#templates-table'],
    ['/backups', '#backup-table, #backups-empty'],
    ['/snapshots', '#account-snapshots-table, #account-snapshots-empty'],
    ['/activity', '#activity-table, #activity-empty'],
    ['/no/such/page', '#not-found'],
  ];
  for (const [route, ready] of pages) {
    await page.goto(`${suite.sim.url}${route}`);
    await page.locator(ready).first().waitFor({ state: 'visible' });
    await check(route);
  }

  // Dialogs, the switcher, the shortcuts' help, the task tray.
  await gotoVm(page, suite.sim.url, vm, 'settings', '#card-edit');
  for (const [opener, dialog] of [['#open-edit', '#edit-dialog'], ['#action-reboot', '#reboot-dialog'], ['#open-destroy', '#destroy-dialog']]) {
    await page.click(opener);
    await page.waitForSelector(`${dialog}[open] #confirm-action`);
    await page.locator(`${dialog} summary`).first().click();
    await check(`${dialog} with its request shown`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${dialog}:not([open])`, { state: 'attached' });
  }
  await page.keyboard.press('Control+k');
  await page.waitForSelector('dialog[open] input');
  await page.keyboard.type('zz');
  await check('the switcher');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  await page.keyboard.press('?');
  await page.waitForSelector('dialog[open]');
  await check('the shortcuts');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));

  // A create form sent with mistakes shows its messages in Spanish.
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-form');
  await page.click('#create-submit');
  await page.waitForSelector('#create-form [aria-invalid="true"]');
  await check('/vms/new with mistakes');

  assert.deepEqual(left, [], `English left in Spanish pages:\n${left.join('\n')}`);
  const problems = await axeProblems(page, 'the create form in Spanish');
  assert.deepEqual(problems, []);
});

test('numbers, money and dates are written the Spanish way', async () => {
  const vm = await vms.look({ status: 'online' });
  const { page } = await loggedInPage(suite, { locale: 'es-ES', ready: '#vm-table tbody tr' });
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-form');
  // The plans come with the deployment's config.json, which may still be on its way.
  await page.waitForSelector('#plan-cards .plan-card');
  const cards = await page.locator('.plan-card').allTextContents();
  const all = cards.join(' | ');
  // Spanish: decimal comma, the euro after the amount, grouping from five digits.
  assert.match(all, /10,00\u00a0€/, all);
  assert.match(all, /0,0137\u00a0€/, all);
  assert.match(all, /1234,50\u00a0€/, all);
  await gotoVm(page, suite.sim.url, vm, '', '#vm-fields');
  const fields = await page.textContent('#vm-fields');
  // A date of the service as Spain writes it: day/month/year.
  assert.match(fields, /(?<!\d)\d{1,2}\/\d{1,2}\/\d{4}(?!\d)/, fields);
  assert.doesNotMatch(fields, /\b(AM|PM)\b/, fields);
});

test('the language switch is remembered, reloads the page in that language and sets lang', async () => {
  const { page } = await loggedInPage(suite, { locale: 'en-US', ready: '#vm-table tbody tr' });
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Virtual machines');
  // Something typed survives the reload the switch makes.
  await page.goto(`${suite.sim.url}/vms/new`);
  await page.waitForSelector('#create-form');
  await page.fill('#create-label', 'cambio de idioma');
  await page.locator('#create-label').blur();
  await Promise.all([page.waitForEvent('load'), page.selectOption('#language', 'es')]);
  await page.waitForSelector('#create-form');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Máquinas virtuales');
  assert.equal(await page.inputValue('#create-label'), 'cambio de idioma');
  // Remembered: a reload, and a new tab of this browser (on the login page:
  // the session is the tab's), stay in Spanish although the browser says English.
  await page.reload();
  await page.waitForSelector('#create-form');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  const other = await page.context().newPage();
  await other.goto(`${suite.sim.url}/login`);
  await other.waitForSelector('#login-submit');
  assert.equal(await other.getAttribute('html', 'lang'), 'es');
  assert.equal(await other.inputValue('#language'), 'es');
  await other.close();
  // And back.
  await Promise.all([page.waitForEvent('load'), page.selectOption('#language', 'en')]);
  await page.waitForSelector('#create-form');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Virtual machines');
});
