#!/usr/bin/env bash
# Source checks that the compiler cannot make: the panel never turns text into
# markup (so nothing the API sends can run as HTML or script), neither it nor
# the core unwraps, since a panic ends a wasm app, every text comes from the
# catalogue, no file holds more code than a person can hold, no two
# modules import each other, and the code is formatted and lint-free. Part
# of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."

failed=0
check() {
  local what="$1" pattern="$2"
  shift 2
  local hits
  if hits="$(grep -rnE --include='*.rs' "$pattern" "$@")"; then
    echo "check-sources: $what:" >&2
    echo "$hits" >&2
    failed=1
  fi
}

# Markup sinks: Leptos' inner_html and the DOM's own, plus code from strings.
check "text turned into markup or code" \
  '\binner_html\b|set_inner_html|outer_html|insert_adjacent_html|innerHTML|outerHTML|document\.write|js_sys::eval|js_sys::Function::new|\bFunction::new_with_args' \
  src crates/core/src
# Every text a user reads comes from the catalogue (crates/core/i18n): a
# literal with a word in it, as a view's text or as a text attribute or
# property, is English that Spanish users would see. Addresses (placeholders
# such as "https://…") are not words.
check "a text written in the markup instead of the catalogue" \
  '(^|[^=])>\s*"[^"]*[a-z]{3}[^"]*"|\b(title|aria-label|placeholder|alt|doing|hint|text|label|heading|summary|what)="([^h"]|h[^t"]|ht[^t])[^"]*[a-z]{3}' \
  src
# Page addresses come from the route table (`vmdeck_core::route::href`,
# `VmTab::href`): a path of the panel written as a literal drifts from it.
check "a page address written by hand (use vmdeck_core::route::href)" \
  '^[^/]*("|format!\(")/(vms|login|portal|interfaces|ip-addresses|activity|workspace)\b' \
  src
# A value that is not there shows one dash, the same everywhere:
# `vmdeck_core::i18n::DASH`, or `or_dash` for an optional text.
check "a dash for a missing value written by hand (use vmdeck_core::i18n::DASH or or_dash)" \
  '"—"' \
  src
# The browser's storages only through src/storage/, where every key the
# panel keeps is listed.
check "the browser's storage used outside src/storage/ (use crate::storage)" \
  '\b(local_storage|session_storage)\(' \
  --exclude-dir=storage src
# The panel's own code: errors are values, never panics.
check "unwrap or expect in the panel" '\.unwrap\(\)|\.expect\(' src
# The same in the pure crate the panel runs, up to each file's tests (a
# module's tests in a `tests.rs` or `tests/` of their own are tests throughout).
core_hits="$(find crates/core/src -name '*.rs' -not -path '*/tests/*' -not -name tests.rs -print0 | sort -z | xargs -0 awk '
  FNR == 1 { in_tests = 0 }
  /^#\[cfg\(test\)\]/ { in_tests = 1 }
  !in_tests && /\.unwrap\(\)|\.expect\(/ { print FILENAME ":" FNR ": " $0 }')"
if [ -n "$core_hits" ]; then
  echo "check-sources: unwrap or expect in crates/core outside its tests (return an error instead):" >&2
  echo "$core_hits" >&2
  failed=1
fi

# Files a person can hold: at most 300 lines of formatted code, tests apart
# (scripts/check-budget.mjs says how it counts).
budget=300
node scripts/check-budget.mjs src crates tests || failed=1

# A tab of the VM page never imports a sibling tab: what two tabs share
# belongs in components/, hooks/ or the VM page itself (src/pages/vm/mod.rs).
tabs="$(find src/pages/vm -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)"
for tab in $tabs; do
  others="$(echo "$tabs" | grep -vx "$tab" | paste -sd'|')"
  if hits="$(grep -rnE "(pages::vm::|super::(super::)?)($others)(::|\b)" "src/pages/vm/$tab")"; then
    echo "check-sources: the VM page's $tab tab imports a sibling tab (move what they share to components/, hooks/ or src/pages/vm/mod.rs):" >&2
    echo "$hits" >&2
    failed=1
  fi
done

# Modules that import each other (scripts/check-cycles.mjs): what two
# modules share belongs in a third that both use.
node scripts/check-cycles.mjs src crates/core/src crates/sim/src || failed=1

# One format (rustfmt.toml) and no lint warnings: the pure crate and the
# simulator natively, the panel on the target it runs on.
if ! cargo fmt --check >/dev/null; then
  echo "check-sources: code not formatted (run cargo fmt)" >&2
  failed=1
fi
cargo clippy --offline --quiet -p vmdeck-core -p vmdeck-sim --all-targets -- -D warnings || failed=1
cargo clippy --offline --quiet -p vmdeck --target wasm32-unknown-unknown --all-targets -- -D warnings || failed=1

[ "$failed" -eq 0 ] && echo "check-sources: no markup sinks, no unwraps (panel and core), no text outside the catalogue, no page address by hand, one dash for a missing value, the browser's storage only through src/storage/, formatted, no lint warnings, no file over $budget lines of code, no tab importing a sibling tab, no import cycles"
exit "$failed"
