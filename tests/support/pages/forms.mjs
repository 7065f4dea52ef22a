// The one form mechanism as a user meets it: fields filled in, a field typed in and left shows its message, and drafts kept in the tab.

/** Fills in `fields` ({ selector: value }) in order: a select's option is chosen, anything else typed in. */
export async function fillIn(page, fields) {
  for (const [selector, value] of Object.entries(fields)) {
    const tag = await page.locator(selector).first().evaluate((el) => el.localName);
    if (tag === 'select') await page.selectOption(selector, value);
    else await page.fill(selector, value);
  }
}

/**
 * Types `value` into the field `selector` and leaves it, as a user moving on
 * does, and answers the message the field then shows (`<selector>-error`),
 * waiting for one that says `text` when it is given.
 */
export async function leaveField(page, selector, value, text) {
  await page.fill(selector, value);
  await page.locator(selector).blur();
  const error = await page.waitForSelector(`${selector}-error${text === undefined ? '' : `:has-text(${JSON.stringify(text)})`}`);
  return error.textContent();
}

/** The keys of the form drafts kept in the tab's sessionStorage. */
export const draftKeys = (page) => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('vmdeck.draft.')));
