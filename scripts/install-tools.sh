#!/usr/bin/env bash
# Installs only what is missing for building and testing Fencing Lab; fast when everything is present.
#   scripts/install-tools.sh build   wasm32 target, trunk ~0.21, wasm-bindgen-cli (pinned), wasm-opt 132 (npm binaryen)
#   scripts/install-tools.sh test    all of the above, plus wasm-pack, Chromium + ChromeDriver, playwright-core, etcd
# Nothing here downloads a browser or a prebuilt toolchain: crates come from crates.io, tools/ from npm,
# Chromium from the system package manager.
set -euo pipefail

cd "$(dirname "$0")/.."
say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version is pinned in exactly one place: Cargo.toml.
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' Cargo.toml)
[ -n "$WASM_BINDGEN_VERSION" ] || die "could not read the pinned wasm-bindgen version from Cargo.toml"
TRUNK_REQ="~0.21"
WASM_OPT_MAJOR=132

need_cmd() { command -v "$1" >/dev/null 2>&1 || die "$1 is required: $2"; }

ensure_rust() {
  need_cmd cargo "install Rust with rustup (https://rustup.rs), then run this again"
  need_cmd rustup "install Rust with rustup (https://rustup.rs), then run this again"
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_trunk() {
  if trunk --version 2>/dev/null | grep -q '^trunk 0\.21\.'; then return; fi
  say "installing trunk $TRUNK_REQ (about 11 minutes, once)"
  cargo install trunk --version "$TRUNK_REQ" --locked
}

ensure_wasm_bindgen() {
  if wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then return; fi
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: one of its locked dependencies is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
}

ensure_wasm_pack() {
  if command -v wasm-pack >/dev/null 2>&1; then return; fi
  say "installing wasm-pack"
  cargo install wasm-pack --locked
}

# wasm-opt and playwright-core live in tools/node_modules, pinned by tools/package.json.
ensure_node_tools() {
  local bin=tools/node_modules/.bin
  if "$bin/wasm-opt" --version 2>/dev/null | grep -q "version $WASM_OPT_MAJOR" \
    && [ -f tools/node_modules/playwright-core/package.json ]; then
    return
  fi
  need_cmd npm "install Node.js and npm (Debian: apt-get install nodejs npm), then run this again"
  say "installing wasm-opt $WASM_OPT_MAJOR and playwright-core into tools/node_modules"
  npm install --prefix tools --no-package-lock --no-audit --no-fund --loglevel=error
}

ensure_chromium() {
  if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing chromium and chromium-driver with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    die "the browser tests need Chromium and ChromeDriver on PATH as 'chromium' and 'chromedriver'.
  Debian/Ubuntu: sudo apt-get install chromium chromium-driver
  Other systems: install Chromium (or Chrome) and a matching ChromeDriver from your package manager."
  fi
}

# The conformance check (make conformance) records runs on a real etcd: Debian's etcd-server (3.4).
# The package's own service is not wanted: the recorder starts private servers on free ports.
ensure_etcd() {
  if command -v etcd >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing etcd-server with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq etcd-server >/dev/null
    if command -v systemctl >/dev/null 2>&1; then systemctl disable --now etcd >/dev/null 2>&1 || true; fi
  else
    die "the conformance check needs etcd on PATH (Debian/Ubuntu: sudo apt-get install etcd-server)"
  fi
}

case "${1:-}" in
  build) ensure_rust; ensure_wasm_bindgen; ensure_node_tools; ensure_trunk ;;
  test) ensure_rust; ensure_wasm_bindgen; ensure_node_tools; ensure_wasm_pack; ensure_chromium; ensure_etcd; ensure_trunk ;;
  *) die "usage: $0 build|test" ;;
esac
