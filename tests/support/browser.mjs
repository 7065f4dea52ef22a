// Chromium: where it is, the flags it runs with, and pages that report panics, policy violations and console errors.

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// No sandbox or GPU in a container, and none of the browser's own traffic
// (updates, sync, QUIC probes) among the page's requests.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1280, height: 800 };

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Chromium with the profile in `dir` kept on disk (its storage survives the browser). */
export function launchProfile(dir) {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

// Any blocked script, style, image or connection is said on the console, as an error.
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
  });
}

/**
 * A fresh context (1280×800 unless `options` say otherwise) and its page;
 * `scripts` run in each of its pages before their own, the first reporting
 * policy violations on the console. Every panic, page error and console error
 * other than the browser's own note of a failed request goes to `report`.
 */
export async function newPage(browser, { scripts = [], report, ...options } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  for (const script of [reportPolicyViolations, ...scripts]) await context.addInitScript(script);
  const page = await context.newPage();
  page.on('pageerror', (err) => report(`page error: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    if (/panicked|RuntimeError|unreachable executed/i.test(text)) {
      report(`panic: ${text}`);
    } else if (msg.type() === 'error' && !/Failed to load resource|net::ERR_|^TypeError: Failed to fetch/.test(text)) {
      // Left out: the browser's own note of a failed request, and the parts
      // loader's (a part of the panel that could not be downloaded, which the
      // page shows itself when it matters).
      report(`console error: ${text}`);
    }
  });
  return { context, page };
}

/**
 * A fresh context and page for a test. `problems` collects page errors,
 * panics, policy violations and console errors other than the browser's own
 * note of a failed request (which the tests of refused tokens and unreachable
 * APIs cause on purpose); `consoleLines` every line of the console.
 */
export async function openPage(browser, options = {}) {
  const problems = [];
  const { context, page } = await newPage(browser, { ...options, report: (problem) => problems.push(problem) });
  const consoleLines = [];
  page.on('console', (msg) => consoleLines.push(msg.text()));
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

/** Waits until the page's content has no loading placeholders left. */
export async function settled(page, timeout = 10000) {
  await page.waitForFunction(() => !document.querySelector('#main .skeleton, #main [aria-busy="true"]'), null, { timeout });
}

/** Hides or shows the tab the way a browser does (the page cannot tell the difference). */
export async function setHidden(page, hidden) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}
