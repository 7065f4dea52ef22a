// What the panel sends and shows of its requests, and what it keeps: requests recorded, the wasm held back (the page before the app), "Show as API request" read back, the browser's storage.

import assert from 'node:assert/strict';
import { DEMO } from './api.mjs';

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

/** Records the writes (every method but GET) the page sends to the API from now on. */
export const recordWrites = (page) => recordRequests(page, (url, method) => method !== 'GET' && url.includes('/api/'));

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
 * Holds back every wasm file the page asks for until `release()`: the page
 * shows what the server sent, and what reaches the API meanwhile is the boot
 * script's. `hold()` holds the next page's again.
 */
export async function holdWasm(page) {
  let held = [];
  let released = false;
  await page.route(/\.wasm$/, (route) => (released ? route.continue() : held.push(route)));
  return {
    hold: () => {
      released = false;
    },
    release: async () => {
      released = true;
      const waiting = held;
      held = [];
      await Promise.all(waiting.map((route) => route.continue().catch(() => {})));
    },
  };
}
