// Accessibility checks: axe-core run on a page, and where the keyboard focus is and goes.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Evaluated, not added as a <script>: the page's policy rightly refuses inline scripts.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page as it is; gives the serious and critical violations as
 * lines. `experimental`: axe's experimental rules to run as well.
 */
export async function axeProblems(page, where, { experimental = [] } = {}) {
  // Contrast is judged on what stays: wait out fades (a list reloading is dimmed).
  await page.waitForFunction(() =>
    !document.querySelector('.is-loading') &&
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE);
  }
  const violations = await page.evaluate(async (experimental) => {
    const rules = Object.fromEntries(experimental.map((id) => [id, { enabled: true }]));
    const result = await window.axe.run(document, { rules });
    // axe leaves a reference to a missing id "to review", as the element might
    // come later; here it never does, so it is a fault like any other.
    const missingIds = result.incomplete.filter((v) => v.id === 'aria-valid-attr-value');
    return [...result.violations, ...missingIds].map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ impact: n.impact, target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, experimental);
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
