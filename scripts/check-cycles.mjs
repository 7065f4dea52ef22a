// Import cycles between the modules of a Rust crate: files that reach each
// other through `crate::…`, `super::…` and modules imported by name. A module
// using its own ancestors (`use super::VmCtx` in a tab) is how Rust nests and
// does not count; two modules that import each other, directly or round a
// ring, do. Part of scripts/check-sources.sh.
//
// Usage: node scripts/check-cycles.mjs SRC_DIR [SRC_DIR…]   (exit 1 on a cycle)

import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every .rs file below `dir`, by its module path (`pages::vm::network`). */
function modulesOf(dir) {
  const modules = new Map();
  const walk = (folder, prefix) => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) {
        walk(file, [...prefix, name]);
      } else if (name.endsWith('.rs')) {
        const stem = name.slice(0, -3);
        const module = ['lib', 'main', 'mod'].includes(stem) ? prefix : [...prefix, stem];
        modules.set(module.join('::'), file);
      }
    }
  };
  walk(dir, []);
  return modules;
}

/** The longest module of `modules` that `segments` starts with. */
function resolve(modules, segments) {
  for (let end = segments.length; end >= 0; end -= 1) {
    const name = segments.slice(0, end).join('::');
    if (modules.has(name)) return name;
  }
  return null;
}

/** The text without comments and string contents, which hold no imports. */
function code(text) {
  return text
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/** The modules `module` (in `file`) uses, as module paths. */
function usesOf(modules, module, file) {
  const text = code(readFileSync(file, 'utf8'));
  const here = module === '' ? [] : module.split('::');
  // The module a `super` or `self` path starts from: a file `x.rs` is module x, its parent holds it.
  const absolute = (words) => {
    let base = here;
    let rest = words;
    if (rest[0] === 'crate') {
      base = [];
      rest = rest.slice(1);
    } else if (rest[0] === 'self') {
      rest = rest.slice(1);
    }
    while (rest[0] === 'super') {
      base = base.slice(0, -1);
      rest = rest.slice(1);
    }
    return [...base, ...rest];
  };
  const used = new Set();
  const add = (segments) => {
    const target = resolve(modules, segments);
    if (target !== null && target !== module) used.add(target);
  };
  // Paths written out: crate::a::b, super::c, self::d, with a `{` group after them.
  const aliases = new Map();
  for (const [, head, group] of text.matchAll(/\b((?:crate|super|self)(?:::\w+)*)(?:::\{([^}]*)\})?/g)) {
    const words = absolute(head.split('::'));
    add(words);
    for (const item of (group ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      const parts = item.split(/\s+as\s+/)[0].split('::').filter((w) => w !== 'self');
      const full = [...words, ...parts];
      add(full);
      if (modules.has(full.join('::'))) aliases.set(item.split(/\s+as\s+/).pop().split('::').pop(), full);
    }
    const last = head.split('::').pop();
    if (modules.has(words.join('::')) && !['crate', 'super', 'self'].includes(last)) aliases.set(last, words);
  }
  // Paths through a module imported by name: `use crate::pages;` … `pages::vm_list::bulk::X`.
  for (const [alias, words] of aliases) {
    for (const [, rest] of text.matchAll(new RegExp(`(?<![:\\w])${alias}((?:::\\w+)+)`, 'g'))) {
      add([...words, ...rest.split('::').filter(Boolean)]);
    }
  }
  return [...used];
}

/** Whether `ancestor` holds `module` (a module using its ancestors is nesting, not a cycle). */
const isAncestor = (ancestor, module) => ancestor === '' || module.startsWith(`${ancestor}::`);

/** The strongly connected groups of more than one module (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next);
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        info.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!info.has(node)) visit(node);
  return found;
}

let failed = false;
for (const dir of process.argv.slice(2)) {
  const modules = modulesOf(dir);
  const graph = new Map();
  for (const [module, file] of modules) {
    graph.set(module, usesOf(modules, module, file).filter((used) => !isAncestor(used, module)));
  }
  for (const group of cycles(graph)) {
    failed = true;
    const ties = group.flatMap((from) => graph.get(from).filter((to) => group.includes(to)).map((to) => `  ${modules.get(from)} -> ${modules.get(to)}`));
    console.error(`check-cycles: modules of ${dir} that import each other (move what they share to a module both can use):\n${ties.join('\n')}`);
  }
}
process.exit(failed ? 1 : 0);
