#!/usr/bin/env bash
# Builds the panel in release mode and starts the simulator serving it and the
# API on http://127.0.0.1:8080, or the --listen address given (extra
# arguments go to the simulator, e.g. --vms 10000). Installs what is missing
# first. Once the simulator listens, prints how to log in each way.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh

echo "==> building the panel (release)"
trunk build --release --offline
echo "==> building the simulator"
cargo build --release --offline -p vmdeck-sim

# Two accounts, so that a login reaching both (the team user) picks one.
# Accounts given as arguments replace them; users or keys given replace the
# simulator's defaults, which the help below describes.
accounts=(--account 1:demo-token --account 2:demo-token-2)
default_logins=1
for arg in "$@"; do
  case "$arg" in
    --account | --account=*) accounts=() default_logins=0 ;;
    --user | --user=* | --api-key | --api-key=*) default_logins=0 ;;
  esac
done

login_help() {
  local base="$1"
  echo
  echo "Open the panel's address printed above and log in one of these ways:"
  echo "  email and password, one account:"
  echo "      demo@example.com  /  demo-password"
  echo "  email and password with two-factor authentication, every account (pick one after logging in):"
  echo "      team@example.com  /  team-password"
  echo "      two-factor secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP (for an authenticator app), or the current code:"
  echo "      curl -s '$base/_sim/totp?email=team@example.com'"
  echo "  API key (account 1):"
  echo "      demo-api-key"
  echo "  account id and token (the oldest way):"
  echo "      account 1, token demo-token"
  echo
}

# The simulator prints the address it is bound to ("listening on http://…"),
# which --listen may change: that line, not a guess made here, says where it is.
exec 3< <(exec target/release/vmdeck-sim --listen 127.0.0.1:8080 --dist dist --vms 40 "${accounts[@]}" "$@")
sim=$!
trap 'kill "$sim" 2>/dev/null || true' EXIT
base=""
while IFS= read -r line <&3; do
  echo "$line"
  case "$line" in *"listening on "*) base="${line##*listening on }" ;; esac
  if [ -n "$base" ]; then
    # The rest of its startup lines come at once; then it is quiet.
    while IFS= read -r -t 1 line <&3; do echo "$line"; done
    break
  fi
done
if [ -n "$base" ]; then
  if [ "$default_logins" -eq 1 ]; then
    login_help "$base"
  else
    echo
    echo "Log in with the users, API keys or accounts printed above."
  fi
  cat <&3
fi
status=0
wait "$sim" || status=$?
trap - EXIT
exit "$status"
