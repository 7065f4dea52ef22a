// The create form: opened from the list's button, and its first fields filled in.

/** Opens the create form from the VM list's button. */
export async function openCreateForm(page) {
  await page.click('#create-vm');
  await page.waitForSelector('#create-submit');
}

/** Fills in the fields a VM cannot go without: its label, hostname and template. */
export async function fillBasics(page, { label, hostname, template = '3' }) {
  await page.fill('#create-label', label);
  await page.fill('#create-hostname', hostname);
  await page.selectOption('#create-template-id', template);
}
