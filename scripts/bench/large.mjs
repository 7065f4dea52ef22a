// Section `large`: an account of 10,000 VMs, searched key by key and sorted,
// to the table painted, with the long tasks on the main thread meanwhile.

import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO, accountPath, apiGet, untilIdle } from '../../tests/support/api.mjs';
import { RUNS, TABLE_MARK, figures, fmt, follow, log, newContext, record, settled, shown, stats } from './shared.mjs';
import { REFERENCE_MARK, openReference, rowMarkup, sameMarkup } from './table.mjs';

export const name = 'large';

export const FIGURES = figures({
  keystroke: { name: 'large account (10,000 VMs): keystroke → table', unit: 'ms', budget: 100, better: 'lower' },
  keystrokeFloor: { name: 'large account: the same searches from plain JS', unit: 'ms' },
  typing: { name: 'large account: typing a word, last keystroke → table', unit: 'ms', budget: 100, better: 'lower' },
  longTasks: { name: 'large account: long tasks (> 50 ms) while typing', unit: 'tasks', budget: 0, better: 'exact' },
  sort: { name: 'large account: sort change → table', unit: 'ms', budget: 100, better: 'lower' },
  sortFloor: { name: 'large account: the same sorts from plain JS', unit: 'ms' },
  tag: { name: 'large account: a tag of 100 VMs chosen → table', unit: 'ms', budget: 100, better: 'lower' },
  tagFloor: { name: 'large account: the same 100 reads from plain JS, six at once', unit: 'ms' },
  tagSort: { name: 'large account: the tag\'s view sorted again → table', unit: 'ms', budget: 100, better: 'lower' },
  group: { name: 'large account: grouped by tag → table', unit: 'ms', budget: 100, better: 'lower' },
});

/**
 * Tags the panel keeps in this browser for the account: "spread" on every
 * hundredth VM, spread over the whole account (the last near its end),
 * and one of twelve tags on every VM, for the grouping. Answers how many
 * VMs the account has and those with "spread".
 */
async function keepTags(page, sim) {
  const account = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('vmdeck.seen.'))?.slice('vmdeck.seen.'.length));
  const ids = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await apiGet(sim.api, accountPath(`/virtual_machines?limit=1000&offset=${offset}`))).body;
    ids.push(...page.map((vm) => String(vm.id)));
    if (page.length < 1000) break;
  }
  const tags = Object.fromEntries(ids.map((id, i) => [id, i % 100 === 99 ? ['spread', `team ${i % 12}`] : [`team ${i % 12}`]]));
  await page.evaluate(({ key, tags }) => localStorage.setItem(key, JSON.stringify(tags)), { key: `vmdeck.tags.${account}`, tags });
  return { vms: ids.length, spread: Object.keys(tags).filter((id) => tags[id].includes('spread')) };
}

/**
 * The floor under the tag's figure on this machine: the same reads (one VM
 * each by the API's `id` filter, the panel's headers, six on their way at
 * once) from plain JS in the same page, each answer parsed, nothing drawn.
 */
function plainReads(page, sim, ids) {
  return page.evaluate(async ({ urls, token }) => {
    const start = performance.now();
    const queue = [...urls];
    const read = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const response = await fetch(url, { headers: { Accept: 'application/json', Authorization: token }, cache: 'no-store', credentials: 'omit' });
        JSON.parse(await response.text());
      }
    };
    await Promise.all(Array.from({ length: 6 }, read));
    return performance.now() - start;
  }, { urls: ids.map((id) => `${sim.api}${accountPath(`/virtual_machines?id=${id}&limit=1`)}`), token: DEMO.token });
}

/** Times a change of the filter bar's control `selector` (a select's value, or a checkbox) to the table painted. */
async function timeChange(page, selector, value) {
  return page.evaluate(({ selector, value, mark }) => {
    const control = document.querySelector(selector);
    if (control.type === 'checkbox') control.checked = value;
    else control.value = value;
    const start = performance.now();
    const done = __bench.until(mark, start);
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return done.then((t) => ({ ...t, start }));
  }, { selector, value, mark: TABLE_MARK });
}

const SEARCH_PAUSE_MS = 300; // longer than the panel's SEARCH_INTERVAL_MS: the next key starts a search at once

/** Search strings whose first page differs from the unfiltered one, so the rows change. */
async function searchLetters(sim) {
  const ids = async (query) => (await apiGet(sim.api, accountPath(`/virtual_machines?limit=50${query}`))).body.map((vm) => vm.id).join();
  const all = await ids('');
  const letters = [];
  for (const letter of 'qzxjkvwybgpfhumcldrtnoeias') {
    if (letters.length === RUNS) break;
    const found = await ids(`&hostname=${letter}`);
    if (found !== '' && found !== all) letters.push(letter);
  }
  return letters;
}

export async function run({ browser, account }) {
  const { sim, state } = await account('large');
  await untilIdle(sim.api);
  const { context, page } = await newContext(browser, state);
  await page.goto(`${sim.url}/vms`);
  await shown(page, '#vm-table');
  await settled(page);

  // Keystroke: one letter in the empty search box, the table of that search.
  const keystroke = [];
  const keyApi = [];
  const keyLongTasks = [];
  const keyUrls = [];
  for (const letter of await searchLetters(sim)) {
    await follow(page, '/vms');
    await page.waitForFunction(() => document.querySelector('#vm-search')?.value === '');
    await settled(page);
    await page.focus('#vm-search');
    await sleep(SEARCH_PAUSE_MS); // a keystroke after a pause, not one within a burst
    // The clock starts when the key goes down, before the panel sees it.
    await page.evaluate((mark) => {
      window.__keyTiming = new Promise((resolve, reject) => {
        document.addEventListener('keydown', () => {
          const start = performance.now();
          __bench.until(mark, start).then((t) => resolve({ ...t, start }), reject);
        }, { capture: true, once: true });
      });
    }, TABLE_MARK);
    await page.keyboard.press(letter);
    const t = await page.evaluate(() => window.__keyTiming);
    keystroke.push(t.painted - t.start);
    const request = await listRequest(page, t.start);
    keyApi.push(request.time);
    keyUrls.push(request.url);
    if (process.env.BENCH_DEBUG) log(`keystroke ${letter}: ${fmt(t.painted - t.start)} ms, marked at ${fmt(t.marked - t.start)}, api ${fmt(keyApi.at(-1))}`);
    keyLongTasks.push(...(await longTasksBetween(page, t.start, t.painted)));
  }
  record(FIGURES.keystroke, stats(keystroke), { note: `(of which the API request ${fmt(stats(keyApi).median)} ms)` });
  const keyRows = await rowMarkup(page, '#vm-table tbody');

  // Typing a word at a brisk pace: long tasks on the main thread until the table settles.
  await follow(page, '/vms');
  await settled(page);
  await page.focus('#vm-search');
  await sleep(SEARCH_PAUSE_MS);
  const typingStart = await page.evaluate(() => {
    window.__lastKey = 0;
    document.addEventListener('keydown', () => (window.__lastKey = performance.now()), { capture: true });
    return performance.now();
  });
  await page.keyboard.type('media-web', { delay: 120 });
  const lastKey = await page.evaluate(() => window.__lastKey);
  const burst = await page.evaluate(({ mark, lastKey }) => __bench.until(mark, lastKey), { mark: TABLE_MARK, lastKey });
  await settled(page);
  await sleep(300);
  const typingEnd = await page.evaluate(() => performance.now());
  record(FIGURES.typing, burst.painted - lastKey, { note: '(at most one search per 100 ms while typing)' });
  const typingLong = await longTasksBetween(page, typingStart, typingEnd);
  const longest = Math.max(0, ...typingLong, ...keyLongTasks);
  record(FIGURES.longTasks, typingLong.length + keyLongTasks.length, { note: longest ? `(longest ${fmt(longest)} ms)` : '' });

  // Sort: each run picks another field in the sort menu.
  await follow(page, '/vms');
  await settled(page);
  const fields = ['label', 'memory', 'status', 'cpus', 'disks_size', 'location_id', 'operating_system_distro', 'identifier'];
  const sort = [];
  const sortApi = [];
  const sortLongTasks = [];
  const sortUrls = [];
  for (let i = 0; i < RUNS; i++) {
    const field = fields[i % fields.length];
    const t = await page.evaluate(({ field, mark }) => {
      const select = document.querySelector('#vm-sort');
      select.value = field;
      const start = performance.now();
      const done = __bench.until(mark, start);
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return done.then((t) => ({ ...t, start }));
    }, { field, mark: TABLE_MARK });
    sort.push(t.painted - t.start);
    const request = await listRequest(page, t.start);
    sortApi.push(request.time);
    sortUrls.push(request.url);
    sortLongTasks.push(...(await longTasksBetween(page, t.start, t.painted)));
    await settled(page);
  }
  record(FIGURES.sort, stats(sort), {
    note: `(of which the API request ${fmt(stats(sortApi).median)} ms` +
      (sortLongTasks.length ? `; ${sortLongTasks.length} long tasks, longest ${fmt(Math.max(...sortLongTasks))} ms)` : ')'),
  });
  const sortRows = await rowMarkup(page, '#vm-table tbody');

  // The floor under both on this machine: the panel's own requests sent again
  // from plain JS, each page's rows drawn in the same markup.
  const plain = await plainPages(context, sim, [keyUrls, sortUrls]);
  const floorNote = (rows, plainRows) => sameMarkup(rows, plainRows) ? '(the same requests, their rows drawn in the same markup, the table alone in its page)' : '(MARKUP DIFFERS)';
  record(FIGURES.keystrokeFloor, stats(plain[0].times), { note: floorNote(keyRows, plain[0].rows) });
  record(FIGURES.sortFloor, stats(plain[1].times), { note: floorNote(sortRows, plain[1].rows) });

  // The panel's own tags: a tag chosen in the filter bar (the API cannot
  // filter by it: the panel reads its hundred VMs one by one), and the first
  // page grouped by tag.
  const { vms, spread } = await keepTags(page, sim);
  await page.reload(); // the panel reads what it keeps as it starts
  await shown(page, '#vm-table');
  const tagTimes = [];
  const tagReads = [];
  const groupTimes = [];
  const floorTimes = [];
  const tagSortTimes = [];
  const tagSortReads = [];
  for (let i = 0; i < RUNS; i++) {
    await follow(page, '/vms');
    await settled(page);
    const t = await timeChange(page, '#filter-tag', 'spread');
    tagTimes.push(t.painted - t.start);
    tagReads.push(await page.evaluate((from) => performance.getEntriesByType('resource').filter((e) => e.startTime >= from && e.name.includes('/virtual_machines')).length, t.start));
    await page.waitForFunction(() => document.querySelector('#vm-total')?.textContent === '100');
    floorTimes.push(await plainReads(page, sim, spread));
    const sorted = await timeChange(page, '#vm-sort', fields[i % fields.length]);
    tagSortTimes.push(sorted.painted - sorted.start);
    tagSortReads.push(await page.evaluate((from) => performance.getEntriesByType('resource').filter((e) => e.startTime >= from && e.name.includes('/virtual_machines')).length, sorted.start));
    await follow(page, '/vms');
    await settled(page);
    const g = await timeChange(page, '#group-by-tag', true);
    groupTimes.push(g.painted - g.start);
    await page.waitForSelector('#vm-table tbody.group');
  }
  record(FIGURES.tag, stats(tagTimes), { note: `(${stats(tagReads).median} requests of the API, of ${vms.toLocaleString('en')} VMs)` });
  record(FIGURES.tagFloor, stats(floorTimes), { note: '(the API gives no way to ask for several VMs by id: the floor under the figure above)' });
  record(FIGURES.tagSort, stats(tagSortTimes), { note: `(${stats(tagSortReads).median} requests: the tag's VMs as read for the view)` });
  record(FIGURES.group, stats(groupTimes), { note: '(50 VMs on the page, 12 tags)' });
  await context.close();
}

/** The list request made after `from`: its address, and how long it took from its start to its last byte. */
async function listRequest(page, from) {
  return page.evaluate((from) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.startTime >= from && e.name.includes('/virtual_machines'));
    return entry ? { url: entry.name, time: entry.responseEnd - entry.startTime } : { url: null, time: NaN };
  }, from);
}

/**
 * Each series of `urls` read from plain JS in the reference page, each
 * answer's rows put in place of the last to the frame painted: the times,
 * and the rows of each series' last page.
 */
async function plainPages(context, sim, series) {
  const page = await openReference(context, sim);
  await page.evaluate(({ api, account, token }) => renderVmTable(api, account, token, 50), { api: sim.api, account: DEMO.account, token: DEMO.token });
  const results = [];
  for (const urls of series) {
    const times = [];
    for (const url of urls.filter(Boolean)) {
      times.push(await page.evaluate(async ({ url, token, mark }) => {
        const start = performance.now();
        const done = __bench.until(mark, start);
        await renderVmRows(url, token);
        return (await done).painted - start;
      }, { url, token: DEMO.token, mark: REFERENCE_MARK }));
    }
    results.push({ times, rows: await rowMarkup(page, '#vm-table tbody') });
  }
  await page.close();
  return results;
}

/** The durations of the long tasks that overlap `from` to `to`. */
async function longTasksBetween(page, from, to) {
  return page.evaluate(({ from, to }) => __bench.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration), { from, to });
}
