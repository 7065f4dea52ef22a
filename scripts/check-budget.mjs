// Files a person can hold: at most 300 lines of code in each Rust or script
// file, counted on formatted code (cargo fmt runs first), not counting blank
// lines, comments, or a Rust file's `#[cfg(test)]` items — but counting any
// code after them. The texts are data (crates/core/i18n/*.json), not code.
//
//   node scripts/check-budget.mjs src crates tests
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const BUDGET = 300;
const SKIP_DIRS = new Set(["node_modules", "target"]);

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(rs|mjs)$/.test(name)) yield path;
  }
}

// The offsets [start, end) of each `#[cfg(test)]` item: up to the `;` of a
// `mod tests;` or the `}` that closes the item's first block. Strings, char
// literals and comments are skipped so their braces do not count.
export function testItemSpans(text) {
  const spans = [];
  const marker = /^[ \t]*#\[cfg\(test\)\]/gm;
  let found;
  while ((found = marker.exec(text))) {
    const start = found.index;
    const end = itemEnd(text, found.index + found[0].length);
    spans.push([start, end]);
    marker.lastIndex = end;
  }
  return spans;
}

function itemEnd(text, from) {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      i = text.indexOf("\n", i);
      if (i < 0) return text.length;
      continue;
    }
    if (c === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    if (c === "r" && (next === '"' || next === "#") && !/\w/.test(text[i - 1] ?? "")) {
      const raw = /^r(#*)"/.exec(text.slice(i, i + 260));
      if (raw) {
        const close = text.indexOf(`"${raw[1]}`, i + raw[0].length);
        i = close < 0 ? text.length : close + 1 + raw[1].length;
        continue;
      }
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === "'") {
      // A char literal ('x', '\n', '\u{7f}'); otherwise a lifetime.
      const literal = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'/u.exec(text.slice(i, i + 12));
      i += literal ? literal[0].length : 1;
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
    if (c === ";" && depth === 0) return i + 1;
    i++;
  }
  return text.length;
}

export function codeLines(text, rust) {
  let kept = text;
  if (rust) {
    // Blank out the test items, keeping their line breaks out of the count.
    for (const [start, end] of testItemSpans(text).reverse()) {
      kept = kept.slice(0, start) + kept.slice(end);
    }
  }
  let code = 0;
  let inBlock = false;
  for (const line of kept.split("\n")) {
    const trimmed = line.trim();
    if (inBlock) {
      if (trimmed.includes("*/")) inBlock = false;
      continue;
    }
    if (trimmed === "" || trimmed.startsWith("//")) continue;
    if (trimmed.startsWith("/*")) {
      if (!trimmed.includes("*/")) inBlock = true;
      continue;
    }
    code++;
  }
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const over = [];
  for (const root of process.argv.slice(2)) {
    for (const path of files(root)) {
      const code = codeLines(readFileSync(path, "utf8"), path.endsWith(".rs"));
      if (code > BUDGET) over.push(`  ${path}: ${code} lines of code`);
    }
  }
  if (over.length) {
    console.error(
      `check-sources: files over the budget of ${BUDGET} lines of code (formatted; not blank, ` +
        "not a comment, not a #[cfg(test)] item): split each along what it holds into files " +
        "of its folder, each with its tests below it:",
    );
    console.error(over.join("\n"));
    process.exit(1);
  }
}
