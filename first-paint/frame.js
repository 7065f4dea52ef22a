// Runs inline at the end of every page the server sends, before its first
// paint: the choices the panel keeps in this browser, applied as the app
// applies them (src/shell/theme.rs, src/locale/), so that the first paint is in the
// user's theme and language and the app's takeover changes neither.
(() => {
  const root = document.documentElement;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const parsed = (key) => {
    try {
      return JSON.parse(read(key));
    } catch {
      return null;
    }
  };
  const theme = read('vmdeck.theme');
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  // The remembered language, else the browser's first the panel speaks, else English.
  const speaks = (tag) => {
    const primary = String(tag).trim().split(/[-_]/)[0].toLowerCase();
    return primary === 'en' || primary === 'es' ? primary : null;
  };
  const remembered = parsed('vmdeck.lang');
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lang = (typeof remembered === 'string' && speaks(remembered)) || tags.map(speaks).find(Boolean) || 'en';
  root.lang = lang;
  for (const select of document.querySelectorAll('select[data-first-paint="language"]')) select.value = lang;
  // The provider's notice, unless dismissed here or outside its window.
  const dismissed = parsed('vmdeck.notices_dismissed');
  for (const notice of document.querySelectorAll('[data-notice]')) {
    const now = Date.now();
    const { notice: key, starts, ends } = notice.dataset;
    if ((Array.isArray(dismissed) && dismissed.includes(key)) || (starts && now < Number(starts)) || (ends && now >= Number(ends))) notice.remove();
  }
  // A VM page's tabs lead to this VM's parts, the open one marked as the app marks it.
  const vm = location.pathname.match(/^\/vms\/([0-9]{1,20})(?:\/([a-z]+))?$/);
  for (const tab of vm ? document.querySelectorAll('a[data-vm-tab]') : []) {
    const part = tab.dataset.vmTab;
    tab.href = `/vms/${vm[1]}${part ? `/${part}` : ''}`;
    if (part === (vm[2] ?? '')) tab.setAttribute('aria-current', 'page');
  }
  // The page is written in English; its texts in the other language beside it.
  const other = document.getElementById(`first-paint-${lang}`);
  if (!other) return;
  let texts;
  try {
    texts = JSON.parse(other.textContent);
  } catch {
    return;
  }
  for (const element of document.querySelectorAll('[data-t]')) {
    const text = texts[element.dataset.t];
    if (typeof text === 'string') element.textContent = text;
  }
  for (const element of document.querySelectorAll('[data-ta]')) {
    for (const pair of element.dataset.ta.split(';')) {
      const [name, key] = pair.split(':');
      if (typeof texts[key] === 'string') element.setAttribute(name, texts[key]);
    }
  }
})();
