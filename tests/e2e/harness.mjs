// Shared pieces of the end-to-end tests: the simulator, the browser, and a
// page that records every console error and panic so that tests can fail on them.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

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

/** A fresh page of the suite, logged in to the demo account and on the VM list. */
export async function loggedInPage(suite) {
  const handle = await suite.open();
  await logIn(handle.page, suite.sim.url);
  await handle.page.waitForSelector('#vm-table');
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

/** The API's own answer, for comparing with what the panel shows. */
export async function apiGet(api, path, token = DEMO.token) {
  const response = await fetch(`${api}${path}`, { headers: { Authorization: token } });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * Picks idle VMs of the demo account that no other test of the file took:
 * `take(pred)` answers the first whose `pred(vm)` holds.
 */
export function vmPicker(suite) {
  const used = new Set();
  return async function take(pred) {
    const list = (await apiGet(suite.sim.api, `/account/${DEMO.account}/virtual_machines`)).body;
    for (const vm of list) {
      if (used.has(vm.id) || vm.locked !== 0 || vm.suspended !== 0 || !(await pred(vm))) continue;
      used.add(vm.id);
      return vm;
    }
    throw new Error('no VM of that kind in the seeded account');
  };
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
