// Section `polling`: the API requests the list and a VM's page make while
// nothing is busy, while one VM is, and with the tab hidden, as per minute.

import { setTimeout as sleep } from 'node:timers/promises';
import { rebootBehindTheBack, untilIdle } from '../../tests/support/api.mjs';
import { setHidden } from '../../tests/support/browser.mjs';
import { figures, follow, newContext, record, settled, shown } from './shared.mjs';

export const name = 'polling';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS || 12);
const POLL_INTERVAL_MS = 2000; // the panel's BUSY_POLL_MS (src/hooks/use_poll.rs)
const PER_INTERVAL = 60_000 / POLL_INTERVAL_MS;

// Nothing busy or the tab hidden: no request at all; a VM busy: one request a poll.
const NONE = { unit: 'req/min', budget: 0, better: 'exact' };
const ONE_A_POLL = { unit: 'req/min', budget: PER_INTERVAL, better: 'lower' };

export const FIGURES = figures({
  idleList: { name: 'polling, nothing busy: list', ...NONE },
  idleVm: { name: 'polling, nothing busy: VM page', ...NONE },
  busyList: { name: `polling, one VM busy: list (poll every ${POLL_INTERVAL_MS / 1000} s)`, ...ONE_A_POLL },
  hiddenList: { name: 'polling, one VM busy, tab hidden: list', ...NONE },
  busyVm: { name: 'polling, one VM busy: VM page', ...ONE_A_POLL },
  hiddenVm: { name: 'polling, one VM busy, tab hidden: VM page', ...NONE },
});

/** API requests a page makes in the window, per minute. */
async function apiRequestsPerMinute(page, sim) {
  let count = 0;
  const onRequest = (request) => {
    if (request.url().startsWith(sim.api)) count++;
  };
  page.on('request', onRequest);
  await sleep(POLL_SECONDS * 1000);
  page.off('request', onRequest);
  return (count * 60) / POLL_SECONDS;
}

export async function run({ browser, account }) {
  const list = await account('list');
  const busy = await account('busy');

  await untilIdle(list.sim.api);
  const idle = await newContext(browser, list.state);
  await idle.page.goto(`${list.sim.url}/vms`);
  await shown(idle.page, '#vm-table');
  await settled(idle.page);
  record(FIGURES.idleList, await apiRequestsPerMinute(idle.page, list.sim));
  await follow(idle.page, '/vms/1002');
  await shown(idle.page, '#vm-title');
  await settled(idle.page);
  record(FIGURES.idleVm, await apiRequestsPerMinute(idle.page, list.sim));
  await idle.context.close();

  await untilIdle(busy.sim.api);
  await rebootBehindTheBack(busy.sim.api, '1001'); // busy for the whole run (--op-ms)
  const { context, page } = await newContext(browser, busy.state);
  await page.goto(`${busy.sim.url}/vms`);
  await shown(page, '#vm-row-1001.is-busy');
  record(FIGURES.busyList, await apiRequestsPerMinute(page, busy.sim));
  await setHidden(page, true);
  record(FIGURES.hiddenList, await apiRequestsPerMinute(page, busy.sim));
  await setHidden(page, false);
  await follow(page, '/vms/1001');
  await shown(page, '#vm-title');
  record(FIGURES.busyVm, await apiRequestsPerMinute(page, busy.sim));
  await setHidden(page, true);
  record(FIGURES.hiddenVm, await apiRequestsPerMinute(page, busy.sim));
  await context.close();
}
