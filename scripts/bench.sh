#!/usr/bin/env bash
# The performance suite: builds the release panel, the simulator and the chart
# benchmark, then measures them in headless Chromium and prints one table of
# figures (median, min, max) against its budgets. It asserts
# nothing; run it on demand, on a quiet machine.
#
# BENCH_RUNS, BENCH_LH_RUNS, BENCH_POLL_SECONDS and BENCH_TRIPS tune the
# number of runs (of Lighthouse's), the polling window and the memory round
# trips; BENCH_ONLY picks sections and BENCH_LH_PRESETS Lighthouse's visits
# (see scripts/bench/main.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
# --bench: Lighthouse too, at the version pinned in Trunk.toml.
source scripts/tools.sh --test --bench

echo "==> building the release panel and simulator" >&2
trunk build --release --offline
cargo build --release --offline -p vmdeck-sim

echo "==> chart benchmark (release wasm in headless Chromium)" >&2
chart_line="$(scripts/bench-charts.sh | grep -E "chart," || true)"

echo "==> panel benchmarks (headless Chromium against the simulator)" >&2
CHART_LINE="$chart_line" node scripts/bench/main.mjs
