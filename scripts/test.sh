#!/usr/bin/env bash
# Runs every test: native (pure crate and simulator), browser (components in
# headless Chromium) and end-to-end (the built panel against the simulator).
# Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh --test

echo "==> source checks"
scripts/check-sources.sh

echo "==> native tests"
cargo test --offline -p vmdeck-core -p vmdeck-sim

echo "==> browser tests (headless Chromium)"
cargo test --offline --target wasm32-unknown-unknown --test web

echo "==> building the release panel and simulator for the end-to-end tests"
trunk build --release --offline
cargo build --release --offline -p vmdeck-sim

echo "==> end-to-end tests (headless Chromium against the simulator)"
node --test --test-concurrency=1 tests/e2e/
