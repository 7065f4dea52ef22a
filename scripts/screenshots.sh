#!/usr/bin/env bash
# Builds the release panel and simulator, then takes screenshots of the main
# pages (light and dark, wide and narrow) into screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh --test
trunk build --release --offline
cargo build --release --offline -p vmdeck-sim
node scripts/screenshots.mjs
