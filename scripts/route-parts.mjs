// The parts of the panel (src/parts.rs) the page at each path draws, as
// `for_route` there says: the boot script starts downloading them beside the
// main module, and the performance suite counts them in a first visit.
// tests/e2e/parts.test.mjs checks, page by page, that this is what the panel
// then loads. Paths not listed draw no part (the list, not found).

export const ROUTE_PARTS = [
  [/^\/login\/?$/, ['part_login']],
  [/^\/vms\/new\/?$/, ['part_vm_create']],
  // The statistics tab is drawn in the VM page, with the charts' own module.
  [/^\/vms\/[^/]+\/statistics\/?$/, ['part_vm', 'part_statistics']],
  [/^\/vms\/[^/]+(\/(disks|isos|snapshots|network|firewall|settings|activity))?\/?$/, ['part_vm']],
  [/^\/(interfaces|ip-addresses|activity)\/?$/, ['part_account']],
];

/** The parts the page at `path` (no query) draws. */
export function partsFor(path) {
  return ROUTE_PARTS.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}
