// A language as a file: a deployment adds German with a file beside config.json (checked against the panel's own texts at load), changes the wording of English with another, and a file that cannot be read leaves the panel in its own words.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chooseWay, logIn } from '../support/pages/login.mjs';
import { ROOT, deployedCopy } from '../support/simulator.mjs';
import { useSuite } from '../support/suite.mjs';

const deployed = deployedCopy(
  'languages',
  (built) => ({
    ...built,
    languages: [
      { code: 'de', name: 'Deutsch', file: '/i18n/de.json' },
      { code: 'fr', name: 'Français', file: '/i18n/fr.json' },
      { code: 'en', file: '/i18n/en-nube.json' },
    ],
  }),
  {
    'i18n/de.json': readFileSync(path.join(ROOT, 'tests/i18n/de.json'), 'utf8'),
    'i18n/fr.json': '{ "common.LOG_IN": "Se connecter", ',
    'i18n/en-nube.json': JSON.stringify({ 'common.LOG_IN': 'Sign in' }),
  },
);
const suite = useSuite(['--vms', '5', '--dist', deployed.dir], { before, after, afterEach });
after(deployed.remove);

async function choose(page, code) {
  await Promise.all([page.waitForEvent('load'), page.selectOption('#language', code)]);
  await page.waitForSelector('#login-submit');
}

test('German from a file: its texts where it has them, English for the rest, each problem named on the console', async () => {
  const { page, consoleLines } = await suite.open({ locale: 'en-US' });
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  // English's wording changed by its file.
  assert.equal(await page.textContent('#login-submit'), 'Sign in');
  const offered = await page.$$eval('#language option', (options) => options.map((o) => [o.value, o.textContent]));
  assert.deepEqual(offered, [['en', 'English'], ['es', 'Español'], ['de', 'Deutsch'], ['fr', 'Français']]);

  await choose(page, 'de');
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await page.textContent('#login-submit'), 'Anmelden');
  assert.match(await page.textContent('.login-card'), /Melden Sie sich mit Ihrer Kontonummer/);
  await chooseWay(page, 'token');
  assert.match(await page.textContent('label[for="login-account"]'), /Kontonummer/);
  // Not in the file: English.
  assert.match(await page.textContent('label[for="login-base-url"]'), /API address/);
  assert.equal(await page.$eval('#language', (s) => s.value), 'de');
  const warnings = consoleLines.join('\n');
  assert.match(warnings, /shell\.LOGIN_WRONG_ACCOUNT names \{konto\} where the panel's text names \{account\}/);
  assert.match(warnings, /\/i18n\/de\.json has no text for \d+ of the panel's \d+/);
  assert.match(warnings, /texts the panel does not have \(shell\.NICHT_VORHANDEN\)/);

  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Virtuelle Maschinen');
  assert.equal(await page.textContent('.account-name'), 'Konto 1');
  // Dates as the browser writes German.
  assert.equal(await page.$eval('#logout', (b) => b.textContent), 'Abmelden');
});

test('a file that cannot be read is refused with its warning, and the panel goes on in English', async () => {
  const { page, consoleLines } = await suite.open({ locale: 'en-US' });
  await page.goto(`${suite.sim.url}/login`);
  await page.waitForSelector('#login-submit');
  await choose(page, 'fr');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('#login-submit'), 'Sign in');
  assert.ok(consoleLines.some((line) => /\/i18n\/fr\.json is not JSON/.test(line)), consoleLines.join('\n'));
  await logIn(page, suite.sim.url);
  await page.waitForSelector('#vm-table');
  assert.equal(await page.textContent('.nav a[href="/vms"]'), 'Virtual machines');
});
