// A test file's shared simulator and browser, with every page it opens checked for panics and console errors after each test.

import { launchBrowser, openPage } from './browser.mjs';
import { startSim } from './simulator.mjs';

/**
 * Registers a test file's shared simulator (started with `simArgs`) and
 * browser on node:test's `hooks` ({ before, after, afterEach }), and checks
 * after each test that no page it opened logged a panic or console error.
 * `open(options)` gives a fresh page (`openPage`); `sim` is there once the
 * file's tests run.
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
