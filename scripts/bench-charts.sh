#!/usr/bin/env bash
# Measures drawing a year of hourly samples (2 x 8,760 points) on a canvas in
# headless Chromium, in a release build, and prints the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh --test
cargo test --offline --release --target wasm32-unknown-unknown --test chart_bench -- --nocapture 2>&1 | grep -E "chart,|test result"
