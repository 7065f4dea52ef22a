// The VM's Network tab: an interface's default policy dialog, opened once its lockout guard has read the rules, and DROP set through it.

/** Opens an interface's policy dialog with `button`, once its guard has read the interface's rules. */
export async function openPolicyDialog(page, button) {
  const rulesRead = page.waitForResponse((response) => response.url().includes('/firewall_rules'));
  await button.click();
  await rulesRead;
}

/**
 * Opens an interface's policy dialog with `button`, chooses DROP and
 * confirms; when the lockout guard warns (no rule lets SSH or RDP in), it
 * confirms a second time, as a user going ahead anyway would. Answers
 * whether the guard warned.
 */
export async function setPolicyDrop(page, button) {
  await openPolicyDialog(page, button);
  await page.check('#policy-drop');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  const warned = await page.isVisible('#lockout-warning');
  await page.click('#policy-dialog #confirm-action');
  if (warned) {
    await page.waitForSelector('#lockout-armed');
    await page.click('#policy-dialog #confirm-action');
  }
  return warned;
}
