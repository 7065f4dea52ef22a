#!/usr/bin/env bash
# Installs what building (and, with --test, testing; with --bench, the
# performance suite) vmdeck needs, and skips whatever is already there at the
# right version. Sourced by run.sh, test.sh and bench.sh; it leaves the pinned
# tools on PATH.
#
# The versions come from Trunk.toml, the one place they are pinned.

vmdeck_tools() {
  local root want_test=false want_bench=false arg
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  for arg in "$@"; do
    case "$arg" in
      --test) want_test=true ;;
      --bench) want_bench=true ;;
      *) echo "tools: unknown option $arg (--test, --bench)" >&2; return 1 ;;
    esac
  done

  local trunk_version wasm_bindgen_version wasm_opt_version binaryen_version wasm_split_version
  trunk_version="$(sed -n 's/^trunk-version *= *"\(.*\)"/\1/p' "$root/Trunk.toml")"
  wasm_split_version="$(sed -n 's/^wasm-split-version *= *"\(.*\)"/\1/p' "$root/Trunk.toml")"
  wasm_bindgen_version="$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' "$root/Trunk.toml")"
  wasm_opt_version="$(sed -n 's/^wasm_opt *= *"version_\(.*\)"/\1/p' "$root/Trunk.toml")"
  binaryen_version="${wasm_opt_version}.0.0"
  if [ -z "$trunk_version" ] || [ -z "$wasm_bindgen_version" ] || [ -z "$wasm_opt_version" ] || [ -z "$wasm_split_version" ]; then
    echo "tools: Trunk.toml must pin trunk-version, wasm-split-version, [tools] wasm_bindgen and wasm_opt" >&2
    return 1
  fi

  # The wasm-bindgen crate and CLI must be the same version, or the bindings break.
  local locked
  locked="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' "$root/Cargo.lock")"
  if [ "$locked" != "$wasm_bindgen_version" ]; then
    echo "tools: Cargo.lock has wasm-bindgen $locked but Trunk.toml pins $wasm_bindgen_version" >&2
    return 1
  fi

  local sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
  export PATH="$HOME/.cargo/bin:$PATH"

  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "tools: adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi

  if [ "$(trunk --version 2>/dev/null)" != "trunk $trunk_version" ]; then
    echo "tools: installing trunk $trunk_version (a few minutes, once)"
    cargo install trunk --version "$trunk_version" --locked --force
  fi

  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wasm_bindgen_version" ]; then
    echo "tools: installing wasm-bindgen-cli $wasm_bindgen_version (a few minutes, once)"
    # Without --locked: its lock file names a crate version the registry lacks.
    cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --force
  fi

  # The splitter of the wasm into parts; it has no --version, cargo knows what it installed.
  if ! cargo install --list 2>/dev/null | grep -qx "wasm_split_cli_support v$wasm_split_version:"; then
    echo "tools: installing wasm-split-cli $wasm_split_version (a few minutes, once)"
    cargo install wasm_split_cli_support --version "$wasm_split_version" --features build-binary --locked --force
  fi

  # binaryen from npm: Debian's is too old and makes modules browsers reject.
  local tools_dir="${VMDECK_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vmdeck-tools}"
  local binaryen_dir="$tools_dir/binaryen-$binaryen_version"
  if ! "$binaryen_dir/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $wasm_opt_version"; then
    echo "tools: installing binaryen $binaryen_version (wasm-opt)"
    mkdir -p "$binaryen_dir"
    npm install --prefix "$binaryen_dir" --no-save --no-audit --no-fund --loglevel=error "binaryen@$binaryen_version" >/dev/null
  fi
  export PATH="$binaryen_dir/node_modules/.bin:$PATH"

  if $want_test; then
    if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
      echo "tools: installing chromium and chromedriver"
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
    fi
    # nginx runs deploy/nginx.conf in the deployment tests, and Caddy
    # deploy/Caddyfile; nginx's brotli_static is a module. openssl makes
    # the tests' certificates (the site's, and the APIs' behind it).
    if [ ! -x /usr/sbin/nginx ] || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || [ ! -x /usr/bin/caddy ] || ! command -v openssl >/dev/null; then
      echo "tools: installing nginx with its brotli_static module, Caddy and openssl"
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static caddy openssl >/dev/null
    fi
    if [ ! -d "$root/node_modules/playwright-core" ] || [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
      echo "tools: installing the end-to-end test dependencies"
      (cd "$root" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    fi
  fi

  # Lighthouse for the performance suite, beside binaryen: not in package.json,
  # so that the test command's `npm ci` does not fetch it.
  if $want_bench; then
    local lighthouse_version lighthouse_dir
    lighthouse_version="$(sed -n 's/^lighthouse-version *= *"\(.*\)"/\1/p' "$root/Trunk.toml")"
    if [ -z "$lighthouse_version" ]; then
      echo "tools: Trunk.toml must pin lighthouse-version" >&2
      return 1
    fi
    lighthouse_dir="$tools_dir/lighthouse-$lighthouse_version"
    if [ "$("$lighthouse_dir/node_modules/.bin/lighthouse" --version 2>/dev/null)" != "$lighthouse_version" ]; then
      echo "tools: installing lighthouse $lighthouse_version"
      mkdir -p "$lighthouse_dir"
      npm install --prefix "$lighthouse_dir" --no-save --no-audit --no-fund --loglevel=error "lighthouse@$lighthouse_version" >/dev/null
    fi
    export PATH="$lighthouse_dir/node_modules/.bin:$PATH"
  fi

  # Dependencies once, so that builds and tests run offline.
  (cd "$root" && cargo fetch --quiet)
}

vmdeck_tools "$@"
