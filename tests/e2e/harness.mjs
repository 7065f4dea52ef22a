// What the end-to-end tests share, in one place: the simulator, the browser, pages that fail on panics, the demo account's API and VMs.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIM = path.join(ROOT, 'target/release/vmdeck-sim');
const DIST = path.join(ROOT, 'dist');

export const DEMO = { account: '1', token: 'demo-token' };

/** Starts the release simulator on a free port with the built panel. */
export async function startSim(args = []) {
  const child = spawn(SIM, ['--listen', '127.0.0.1:0', '--dist', DIST, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start: ${output}`)), 15000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/[\d.:]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}: ${output}`)));
  });
  return {
    url,
    api: `${url}/api`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
    /** Gone at once, as a crash or a redeploy would be: open connections and all. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context and page. `problems` collects page errors, panics, policy
 * violations and console errors other than the browser's own note of a failed
 * request (which the tests of refused tokens and unreachable APIs cause on purpose).
 */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Any blocked script, style, image or connection is a failure, whatever the test.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const page = await context.newPage();
  const problems = [];
  const consoleLines = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    consoleLines.push(text);
    if (/panicked|RuntimeError|unreachable executed/i.test(text)) {
      problems.push(`panic: ${text}`);
    } else if (msg.type() === 'error' && !/Failed to load resource|net::ERR_|^TypeError: Failed to fetch/.test(text)) {
      // Left out: the browser's own note of a failed request, and the parts
      // loader's (a part of the panel that could not be downloaded, which the
      // page shows itself when it matters).
      problems.push(`console error: ${text}`);
    }
  });
  // The panel asks before a page with unsent input is left. Closing or
  // reloading is allowed (a test that reloads means it); a question about
  // following a link is answered by `handle.leave` (false: stay), and every
  // question is kept in `handle.dialogs`.
  const handle = { context, page, problems, consoleLines, dialogs: [], leave: false };
  page.on('dialog', async (dialog) => {
    handle.dialogs.push({ type: dialog.type(), message: dialog.message() });
    if (dialog.type() === 'beforeunload' || (dialog.type() === 'confirm' && handle.leave)) {
      await dialog.accept();
    } else {
      await dialog.dismiss();
    }
  });
  return handle;
}

/** Fills in and sends the login form. */
export async function logIn(page, base, { account = DEMO.account, token = DEMO.token, remember = false, apiUrl } = {}) {
  if (!page.url().includes('/login')) {
    await page.goto(`${base}/login`);
  }
  await page.waitForSelector('#login-submit');
  if (apiUrl !== undefined) {
    await page.fill('#login-base-url', apiUrl);
  }
  await page.fill('#login-account', account);
  await page.fill('#login-token', token);
  if (remember) {
    await page.check('#login-remember');
  }
  await page.click('#login-submit');
}

/**
 * A fresh page of the suite, logged in to the demo account and on the VM list
 * once `ready` shows (the table; `'#vm-table tbody tr'` waits for its rows).
 * `base` logs in to another simulator than the suite's, `token` and `remember`
 * go to the login form, and any other option to the browser context
 * (`colorScheme`, `deviceScaleFactor`).
 */
export async function loggedInPage(suite, { base = suite.sim.url, ready = '#vm-table', token, remember, ...options } = {}) {
  const handle = await suite.open(options);
  await logIn(handle.page, base, { token, remember });
  await handle.page.waitForSelector(ready);
  return handle;
}

/**
 * Points at a link and waits until the part of the panel behind it has arrived
 * (`module` as in src/parts.rs, e.g. `part_vm`), for tests about what happens
 * next with the API rather than with the panel's own download.
 */
export async function partBehind(page, selector, module) {
  await page.hover(selector);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, `vmdeck:part-loaded:${module}`);
}

/**
 * A path of the demo account's API, so that its id is written once:
 * `accountPath('/virtual_machines')` is `/account/1/virtual_machines`.
 */
export function accountPath(rest = '') {
  return `/account/${DEMO.account}${rest}`;
}

/** The API's own answer, for comparing with what the panel shows. */
export async function apiGet(api, path, token = DEMO.token) {
  const response = await fetch(`${api}${path}`, { headers: { Authorization: token } });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * A write to the API behind the panel's back, as another user of the account
 * would make it: `body` goes as JSON; the answer's body is JSON when it says
 * so, else its text (often empty).
 */
export async function apiSend(api, method, path, body, token = DEMO.token) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, headers: response.headers, body: json ? await response.json() : await response.text() };
}

/** The VM's network interfaces as the API lists them. */
export async function nicsOf(api, vm) {
  return (await apiGet(api, accountPath(`/virtual_machine/${vm.id}/network_interfaces`))).body;
}

/**
 * Picks VMs of the demo account that are idle (neither locked nor suspended)
 * for the tests of one file, so that a test that changes its VM never meets
 * another test. `take(filter)` answers a VM that no test of the file was given
 * before, and keeps it; `look(filter)` answers the first idle VM that nobody
 * took, for tests that only read it (they may share one; a VM looked at is
 * never taken later, as it may be looked at again). `filter` is
 * `{ status, where }`: the VM's status, and a predicate (may be async).
 */
export function vmPicker(suite) {
  const taken = new Set();
  const looked = new Set();
  async function first({ status, where } = {}, skip) {
    const list = (await apiGet(suite.sim.api, accountPath('/virtual_machines'))).body;
    for (const vm of list) {
      if (skip.has(vm.id) || vm.locked !== 0 || vm.suspended !== 0) continue;
      if (status !== undefined && vm.status !== status) continue;
      if (where && !(await where(vm))) continue;
      return vm;
    }
    throw new Error(`no idle VM of that kind (${status ?? 'any status'}) is left in the seeded account`);
  }
  return {
    async take(filter) {
      const vm = await first(filter, new Set([...taken, ...looked]));
      taken.add(vm.id);
      return vm;
    },
    async look(filter) {
      const vm = await first(filter, taken);
      looked.add(vm.id);
      return vm;
    },
  };
}

/** What has the focus, as a short description for messages. */
export const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  });

/**
 * Waits for the focus to be on `selector`: the panel moves it a frame or a
 * task after what caused it (a submit, a dialog's `close`). Fails with
 * `message` and where the focus is instead.
 */
export async function focusMovesTo(page, selector, message, timeout = 5000) {
  try {
    await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout });
  } catch {
    assert.fail(`${message}: the focus is on ${await focused(page)}, not ${selector}`);
  }
}

/**
 * Records the requests the page sends from now on that `filter(url, method)`
 * keeps (by default those to the API), for tests that count what the panel
 * asks for: `list()` gives them in order as `{ method, url, path, body }`
 * (`path` is the URL's path and query, `body` what was sent or null),
 * `clear()` forgets those seen so far, and `stop()` ends the recording.
 */
export function recordRequests(page, filter = (url) => url.includes('/api/')) {
  let seen = [];
  const listener = (request) => {
    const url = request.url();
    if (!filter(url, request.method())) return;
    const { pathname, search } = new URL(url);
    seen.push({ method: request.method(), url, path: `${pathname}${search}`, body: request.postData() });
  };
  page.on('request', listener);
  return {
    list: () => [...seen],
    clear() {
      seen = [];
    },
    stop() {
      page.off('request', listener);
    },
  };
}

/**
 * Opens the "Show as API request" block `id` (inside `scope`, a selector)
 * and reads its curl commands back as { method, url, body } (body parsed,
 * or null), checking on the way that the token is never among them.
 */
export async function shownRequests(page, id, scope = 'body') {
  const details = `${scope} #${id}`;
  if (!(await page.$eval(details, (d) => d.open))) await page.click(`${details} > summary`);
  await page.waitForSelector(`${details} #${id}-curl`);
  const text = await page.textContent(`${details} #${id}-curl`);
  assert.ok(!text.includes(DEMO.token), 'the token is never shown');
  return text.split('\n\n').map((command) => {
    assert.ok(command.includes('-H "Authorization: $VMDECK_TOKEN"'), command);
    const [, method, url] = command.match(/^curl -X (\w+) '([^']*)'/);
    const data = command.match(/--data-raw '(.*)'$/s);
    // A secret is a shell variable spliced in (`'"$VMDECK_ROOT_PASSWORD"'`): read back as its name.
    const json = data?.[1].replaceAll("'\\''", "'").replaceAll(/'"(\$\w+)"'/g, '$1');
    return { method, url, body: json ? JSON.parse(json) : null };
  });
}

/** Opens an interface's policy dialog with `button`, once its guard has read the interface's rules. */
export async function openPolicyDialog(page, button) {
  const rulesRead = page.waitForResponse((response) => response.url().includes('/firewall_rules'));
  await button.click();
  await rulesRead;
}

/**
 * Opens an interface's policy dialog with `button`, chooses DROP and
 * confirms; when the lockout guard warns (no rule lets SSH or RDP in), it
 * confirms a second time, as a user going ahead anyway would. Answers
 * whether the guard warned.
 */
export async function setPolicyDrop(page, button) {
  await openPolicyDialog(page, button);
  await page.check('#policy-drop');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  const warned = await page.isVisible('#lockout-warning');
  await page.click('#policy-dialog #confirm-action');
  if (warned) {
    await page.waitForSelector('#lockout-armed');
    await page.click('#policy-dialog #confirm-action');
  }
  return warned;
}

/** Every value in both storages of the page, as [storage, key, value]. */
export async function storedValues(page) {
  return page.evaluate(() =>
    [
      ['session', sessionStorage],
      ['local', localStorage],
    ].flatMap(([name, store]) => Object.keys(store).map((key) => [name, key, store.getItem(key)])),
  );
}

/**
 * Registers a test file's shared simulator and browser, and checks after
 * each test that no page it opened logged a panic or console error.
 * `open()` gives a fresh page; `sim` is there once the file's tests run.
 */
export function useSuite(simArgs, hooks) {
  const suite = { sim: null, browser: null, opened: [] };
  hooks.before(async () => {
    suite.sim = await startSim(simArgs);
    suite.browser = await launchBrowser();
  });
  hooks.after(async () => {
    await suite.browser?.close();
    await suite.sim?.stop();
  });
  hooks.afterEach(async () => {
    const opened = suite.opened;
    suite.opened = [];
    for (const { context, problems } of opened) {
      await context.close();
      if (problems.length > 0) {
        throw new Error(`the browser logged a panic or console error: ${problems.join(' | ')}`);
      }
    }
  });
  suite.open = async (options) => {
    const handle = await openPage(suite.browser, options);
    suite.opened.push(handle);
    return handle;
  };
  return suite;
}

// Evaluated, not added as a <script>: the page's policy rightly refuses inline scripts.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the page as it is; gives the serious and critical violations as lines. */
export async function axeProblems(page, where) {
  // Contrast is judged on what stays: wait out fades (a list reloading is dimmed).
  await page.waitForFunction(() =>
    !document.querySelector('.is-loading') &&
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE);
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document);
    // axe leaves a reference to a missing id "to review", as the element might
    // come later; here it never does, so it is a fault like any other.
    const missingIds = result.incomplete.filter((v) => v.id === 'aria-valid-attr-value');
    return [...result.violations, ...missingIds].map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ impact: n.impact, target: n.target.join(' '), summary: n.failureSummary })),
    }));
  });
  // One line per rule and failure: the same fault on 40 rows is one fault.
  const grouped = new Map();
  for (const v of violations) {
    for (const n of v.nodes.filter((n) => n.impact === 'serious' || n.impact === 'critical')) {
      const key = `[${where}] ${v.id} (${n.impact}): ${v.help}\n    ${n.summary.replace(/\n/g, '\n    ')}`;
      grouped.set(key, [...(grouped.get(key) ?? []), n.target]);
    }
  }
  return [...grouped].map(([key, targets]) => `${key}\n    at ${targets.slice(0, 4).join(' | ')}${targets.length > 4 ? ` and ${targets.length - 4} more` : ''}`);
}

/** Hides or shows the tab the way a browser does (the page cannot tell the difference). */
export async function setHidden(page, hidden) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}
