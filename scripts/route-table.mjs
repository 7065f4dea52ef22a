// The panel's route table as the core writes it (`vmdeck_core::route`,
// printed with the other values the build shares by its `boot_values`
// binary, scripts/boot-values.mjs): each page's address pattern with the
// modules its code comes in. The build puts it into the boot script, which
// starts those downloads beside the main module; the parts' tests and the
// performance suite read it from here.

import { bootValues } from './boot-values.mjs';

/** `[[pattern, [module…], first read], …]`, in the order the pages are tried. */
export const routeTable = () => bootValues().routes;

/**
 * The page at `path` as `Route::from_path` finds it: the first pattern whose
 * segments match (`:id` any one segment), empty segments and a query
 * ignored. Its modules, its first API read (`Route::first_read`, or null)
 * and the `:id` segment's value; null for no page. Self-contained: the build
 * writes it into the boot script as it is.
 */
export function pageFor(table, path) {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean);
  for (const [pattern, modules, read] of table) {
    const wanted = pattern.split('/').filter(Boolean);
    if (wanted.length === segments.length && wanted.every((want, i) => want === ':id' || want === segments[i])) {
      return { modules, read, id: segments[wanted.indexOf(':id')] };
    }
  }
  return null;
}

/** The modules the page at `path` needs (written into the boot script with `pageFor`). */
export function modulesFor(table, path) {
  return pageFor(table, path)?.modules ?? [];
}

/** The modules the page at `path` needs. */
export const partsFor = (path) => modulesFor(routeTable(), path);
