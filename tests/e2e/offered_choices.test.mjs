// What the provider offers, as the forms offer it: the API's templates (active ones, the account's own first, then by operating system, with their size) and networks (public or private, by label), never an id to type.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountPath, apiGet, apiSend, vmPicker } from '../support/api.mjs';
import { fillBasics, openCreateForm } from '../support/pages/create.mjs';
import { loggedInPage } from '../support/pages/login.mjs';
import { openVm } from '../support/pages/vm.mjs';
import { recordRequests } from '../support/requests.mjs';
import { useSuite } from '../support/suite.mjs';

const suite = useSuite(['--vms', '20', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

/** A select's option groups as [heading, [[value, text]…]]; options outside a group under ''. */
async function groupsOf(page, select) {
  await page.waitForSelector(`${select}:enabled`);
  return page.$eval(select, (el) => {
    const groups = [];
    for (const child of el.children) {
      if (child.tagName === 'OPTGROUP') {
        groups.push([child.label, [...child.querySelectorAll('option')].map((o) => [o.value, o.textContent])]);
      } else if (child.value !== '') {
        groups.push(['', [[child.value, child.textContent]]]);
      }
    }
    return groups;
  });
}

test('the create form offers the API’s active templates by system with their size, and its networks public or private', async () => {
  const { page } = await loggedInPage(suite);
  const creations = recordRequests(page, (url, method) => method === 'POST' && url.endsWith('/virtual_machine'));
  await openCreateForm(page);
  assert.equal(await page.$eval('#create-template-id', (el) => el.tagName), 'SELECT', 'no id to type');
  const listed = (await apiGet(suite.sim.api, accountPath('/templates'))).body;
  const active = listed.filter((t) => t.status === 'active').map((t) => t.id).sort();
  const inactive = listed.filter((t) => t.status !== 'active').map((t) => t.id);
  assert.ok(inactive.length > 0, 'the simulator lists a template that is not offered');
  const groups = await groupsOf(page, '#create-template-id');
  const offered = groups.flatMap(([, options]) => options.map(([value]) => value));
  assert.deepEqual([...offered].sort(), active);
  for (const [heading, options] of groups) {
    assert.ok(heading !== '', 'every template is under its system');
    for (const [value, text] of options) {
      const template = listed.find((t) => t.id === value);
      assert.ok(text.startsWith(template.label), text);
      if (Number(template.template_size) > 0) assert.ok(text.includes(`(${template.template_size} GB)`), text);
    }
  }

  const networks = await groupsOf(page, '#create-primary-network-id');
  assert.deepEqual(networks.map(([heading]) => heading), ['Public (reached from the internet)', 'Private (between your VMs)']);
  const apiNetworks = (await apiGet(suite.sim.api, accountPath('/networks'))).body;
  for (const [, options] of networks) {
    for (const [value, text] of options) assert.equal(text, apiNetworks.find((n) => n.id === value).label);
  }

  const debian = groups.flatMap(([, options]) => options).find(([, text]) => text.startsWith('Debian'));
  await fillBasics(page, { label: 'Offered e2e', hostname: 'offered-e2e', template: debian[0] });
  await page.selectOption('#create-primary-network-id', networks[1][1][0][0]);
  await page.click('#password-generate');
  await page.click('#create-submit');
  await page.waitForURL(/\/vms\/\d+/);
  const [sent] = creations.list().map((r) => JSON.parse(r.body));
  assert.equal(sent.template_id, debian[0]);
  assert.equal(sent.primary_network_id, networks[1][1][0][0]);
});

test('a template made from a VM is offered first, under the account’s own, once it is ready', async () => {
  const vm = await vms.take({ status: 'offline' });
  const made = await apiSend(suite.sim.api, 'POST', accountPath(`/virtual_machine/${vm.id}/template`), { label: 'Own e2e base' });
  assert.equal(made.status, 202);
  for (let i = 0; ; i++) {
    const own = (await apiGet(suite.sim.api, accountPath('/templates'))).body.find((t) => t.label === 'Own e2e base');
    if (own?.status === 'active') break;
    assert.ok(i < 50, 'the template became active');
    await sleep(100);
  }
  const { page } = await openVm(suite, vm, 'settings');
  await page.click('#open-rebuild');
  const groups = await groupsOf(page, '#rebuild-template-id');
  assert.equal(groups[0][0], 'Your templates');
  assert.ok(groups[0][1].some(([, text]) => text.startsWith('Own e2e base')), JSON.stringify(groups[0]));
});

test('adding an interface offers the networks by label, public first', async () => {
  const vm = await vms.take({ status: 'offline' });
  const { page } = await openVm(suite, vm, 'network');
  await page.click('#open-add-interface');
  const groups = await groupsOf(page, '#add-interface-dialog #nic-network-id');
  assert.deepEqual(groups.map(([heading, options]) => [heading, options.map(([, text]) => text)]), [
    ['Public (reached from the internet)', ['Public']],
    ['Private (between your VMs)', ['Private']],
  ]);
});
