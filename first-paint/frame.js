// Runs inline at the end of every page the server sends, before its first
// paint: the choices the panel keeps in this browser, applied as the app
// applies them (src/shell/theme.rs, src/locale/), so that the first paint is in the
// user's theme and language and the app's takeover changes neither.
// SHARED stands for what it shares with the panel, written once in the core
// (vmdeck_core::boot) and put in its place by the build
// (scripts/first-paint.mjs): the storage keys it reads, the languages the
// panel speaks and the pattern of a VM page's path.
((shared) => {
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
  const theme = read(shared.storage.theme);
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  // The remembered language, else the browser's first the panel speaks, else English.
  const speaks = (tag) => {
    const primary = String(tag).trim().split(/[-_]/)[0].toLowerCase();
    return shared.languages.spoken.includes(primary) ? primary : null;
  };
  const remembered = parsed(shared.storage.lang);
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lang = (typeof remembered === 'string' && speaks(remembered)) || tags.map(speaks).find(Boolean) || shared.languages.fallback;
  root.lang = lang;
  for (const select of document.querySelectorAll('select[data-first-paint="language"]')) select.value = lang;
  // The provider's notice, unless dismissed here or outside its window: shown
  // from its start until before its end, as the panel shows it (Notice::shows_at).
  const dismissed = parsed(shared.storage.noticesDismissed);
  for (const notice of document.querySelectorAll('[data-notice]')) {
    const now = Date.now();
    const { notice: key, starts, ends } = notice.dataset;
    if ((Array.isArray(dismissed) && dismissed.includes(key)) || (starts && now < Number(starts)) || (ends && now >= Number(ends))) notice.remove();
  }
  // A VM page's tabs lead to this VM's parts, the open one marked as the app marks it.
  const vm = location.pathname.match(new RegExp(shared.vmPath));
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
})(SHARED);
