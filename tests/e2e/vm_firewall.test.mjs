// The VM's Firewall tab: rules created, checked as typed, filtered in the URL and applied; the default policy is the last rule.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { loggedInPage, nicsOf, recordRequests, useSuite, vmPicker } from './harness.mjs';

const suite = useSuite(['--vms', '60', '--op-ms', '800'], { before, after, afterEach });
const vms = vmPicker(suite);

test('firewall rules: create, check, filter, apply; the default policy is the last rule', async () => {
  const vm = await vms.take({ status: 'online', where: async (v) => (await nicsOf(suite.sim.api, v)).length === 1 });
  const { page } = await loggedInPage(suite);
  const writes = recordRequests(page, (url, method) => method !== 'GET' && url.includes('/api/'));
  await page.goto(`${suite.sim.url}/vms/${vm.id}/firewall`);
  await page.waitForSelector('#rule-default');
  await page.waitForSelector('#unapplied-none');

  await page.fill('#rule-port', '2000:1000');
  await page.locator('#rule-port').blur();
  await page.waitForSelector('#rule-port-error:has-text("The port range start (2000) is above its end (1000).")');
  await page.fill('#rule-port', '22,80,443');
  await page.fill('#rule-description', 'web and ssh');
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("22,80,443")');

  await page.selectOption('#rule-command', 'DROP');
  await page.selectOption('#rule-protocol', 'UDP');
  await page.fill('#rule-port', '1000:2000');
  await page.fill('#rule-address', '10.0.0.0/8');
  await page.click('#rule-create');
  await page.waitForSelector('#rule-table .rule:has-text("1000:2000")');

  await page.selectOption('#rule-command', 'DROP');
  await page.selectOption('#rule-protocol', 'TCP');
  await page.fill('#rule-port', '22');
  await page.waitForSelector('#rule-warnings:has-text("SSH")');
  await page.fill('#rule-port', '');

  await page.selectOption('#rule-filter-command', 'drop');
  await page.waitForURL(/command=drop/);
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('1000:2000'));
  await page.selectOption('#rule-filter-command', '');
  await page.fill('#rule-filter-port', '22,80,443');
  await page.press('#rule-filter-port', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#rule-table .rule').length === 1 && document.querySelector('#rule-table .rule').textContent.includes('22,80,443'));

  assert.equal(await page.locator('#unapplied-list li').count(), 2);
  await page.click('#apply-rules');
  await page.waitForSelector('.vm-state .busy');
  await page.waitForSelector('#unapplied-none');
  const posts = writes.list().filter((w) => w.method === 'POST');
  assert.deepEqual(posts.map((w) => w.path.split('/').pop()), ['firewall_rule', 'firewall_rule', 'apply_firewall_rules']);
  assert.deepEqual(JSON.parse(posts[1].body), { command: 'DROP', protocol: 'UDP', address: '10.0.0.0/8', port: '1000:2000' });
});
