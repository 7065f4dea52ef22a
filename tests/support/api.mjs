// The demo account and the simulator's API called directly: reads, writes behind the panel's back, VMs picked for tests.

import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

export const DEMO = { account: '1', token: 'demo-token', email: 'demo@example.com', password: 'demo-password' };

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

/** The VM as the API gives it. */
export async function vmOf(api, vm) {
  return (await apiGet(api, accountPath(`/virtual_machine/${vm.id}`))).body;
}

/** The VM's addresses (the documented VM does not list them): flat, or OnApp's joins. */
export async function addressesOf(api, vm) {
  const { body } = await apiGet(api, accountPath(`/virtual_machine/${vm.id}/ip_addresses`));
  return body.map((ip) => ip.ip_address?.address ?? ip.address);
}

/** The VM's network interfaces as the API lists them. */
export async function nicsOf(api, vm) {
  return (await apiGet(api, accountPath(`/virtual_machine/${vm.id}/network_interfaces`))).body;
}

/** The firewall rules of the interface `nic`, as the API lists them. */
export async function rulesOf(api, nic) {
  return (await apiGet(api, accountPath(`/network_interface/${nic.id}/firewall_rules`))).body;
}

/**
 * An online VM taken from `vms` (a `vmPicker`) with one interface and no
 * firewall rules on it, with that interface; its default policy `policy`
 * when one is asked for.
 */
export async function vmWithoutRules(api, vms, policy) {
  let nic;
  const vm = await vms.take({
    status: 'online',
    where: async (v) => {
      const nics = await nicsOf(api, v);
      [nic] = nics;
      return nics.length === 1 && (await rulesOf(api, nic)).length === 0 && (policy === undefined || nic.default_firewall_policy === policy);
    },
  });
  return { vm, nic };
}

/** Starts rebooting VM `id` behind the panel's back: busy for as long as the simulator's --op-ms. */
export async function rebootBehindTheBack(api, id) {
  const { status } = await apiSend(api, 'POST', accountPath(`/virtual_machine/${id}/reboot`), {});
  assert.equal(status, 202, `reboot of VM ${id} answered ${status}`);
  await untilLocked(api, id);
}

/** Waits until the service shows VM `id` busy: it marks it so a moment after the 202. */
export async function untilLocked(api, id) {
  for (let i = 0; i < 100; i++) {
    const { body } = await apiGet(api, accountPath(`/virtual_machine/${id}`));
    if (Number(body.locked) === 1) return;
    await sleep(20);
  }
  throw new Error(`VM ${id} was never marked busy`);
}

/** Waits until the account has no busy VM (the seeded operations end within seconds). */
export async function untilIdle(api) {
  for (let i = 0; i < 40; i++) {
    const { headers } = await apiGet(api, accountPath('/virtual_machines?locked=1&limit=1'));
    if (headers.get('x-total') === '0') return;
    await sleep(500);
  }
  throw new Error('the simulator kept busy VMs');
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
