#!/usr/bin/env bash
# Builds the panel in release mode and starts the simulator serving it and the
# API on http://127.0.0.1:8080, or the --listen address given (extra
# arguments go to the simulator, e.g. --vms 10000). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh

echo "==> building the panel (release)"
trunk build --release --offline
echo "==> building the simulator"
cargo build --release --offline -p vmdeck-sim

# The simulator prints the address it is bound to ("panel: http://…/"),
# which --listen may change: that line, not a guess made here, is the one
# to open.
echo
echo "Open the panel's address printed below; log in with account 1 and token demo-token."
echo
exec target/release/vmdeck-sim --listen 127.0.0.1:8080 --dist dist --vms 40 "$@"
