#!/usr/bin/env bash
# Installs only what is missing for building and testing Fencing Lab; fast when everything is present.
#   scripts/install-tools.sh build   wasm32 target, trunk ~0.21, wasm-bindgen-cli (pinned), wasm-opt 132 (npm binaryen)
#   scripts/install-tools.sh dist    the build tools, plus wasm-split-cli (pinned; make dist splits the wasm) and
#                                    Chromium (make dist draws the first screen in it)
#   scripts/install-tools.sh test    all of the above, plus wasm-pack, Chromium + ChromeDriver, Firefox ESR +
#                                    geckodriver, WebKitGTK's WebKitWebDriver + Xvfb, and tools/ from npm
#                                    (playwright-core, puppeteer-core, Lighthouse, Workbox), etcd
# Nothing here downloads a browser or a prebuilt toolchain: crates come from crates.io, tools/ from npm (with
# every browser download switched off), the browsers from the system package manager.
set -euo pipefail

cd "$(dirname "$0")/.."
say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version is pinned in exactly one place: Cargo.toml.
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' Cargo.toml)
[ -n "$WASM_BINDGEN_VERSION" ] || die "could not read the pinned wasm-bindgen version from Cargo.toml"
TRUNK_REQ="~0.21"
# scripts/split.mjs cuts the release wasm with this crate's wasm-split-cli; its loader and split points must
# match the wasm_split macros Leptos brings (leptos::wasm_split), so it is pinned.
WASM_SPLIT_VERSION=0.2.4
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

# wasm-split-cli has no --version: cargo's list of installed crates says which crate version put it there.
ensure_wasm_split() {
  if command -v wasm-split-cli >/dev/null 2>&1 &&
    cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    return
  fi
  say "installing wasm-split-cli (wasm_split_cli_support $WASM_SPLIT_VERSION, a few minutes, once)"
  cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
}

ensure_wasm_pack() {
  if command -v wasm-pack >/dev/null 2>&1; then return; fi
  say "installing wasm-pack"
  cargo install wasm-pack --locked
}

# wasm-opt, playwright-core, puppeteer-core, Lighthouse and Workbox live in tools/node_modules, each at the
# exact version in tools/package.json (checked, so a changed pin installs again).
node_tools_present() {
  node -e '
    const want = require("./tools/package.json").dependencies;
    for (const [name, version] of Object.entries(want)) {
      let have;
      try { have = require(`./tools/node_modules/${name}/package.json`).version; } catch { process.exit(1); }
      if (have !== version) process.exit(1);
    }' 2>/dev/null
}

ensure_node_tools() {
  need_cmd node "install Node.js 20 or newer and npm (Debian: apt-get install nodejs npm), then run this again"
  if node_tools_present && tools/node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version $WASM_OPT_MAJOR"; then
    return
  fi
  need_cmd npm "install Node.js and npm (Debian: apt-get install nodejs npm), then run this again"
  say "installing the tools pinned in tools/package.json into tools/node_modules (no browser downloads)"
  PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm install --prefix tools --no-package-lock --no-audit --no-fund --loglevel=error
}

ensure_chromium() {
  if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then return; fi
  apt_install "Chromium and ChromeDriver on PATH as 'chromium' and 'chromedriver' (elsewhere: Chromium or Chrome
  and a matching ChromeDriver from your package manager)" chromium chromium-driver
}

# Installs Debian packages with apt-get when root on Debian/Ubuntu; otherwise says what is missing.
apt_install() {
  local what=$1
  shift
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing $* with apt-get"
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    die "the tests need $what.
  Debian/Ubuntu: sudo apt-get install $*"
  fi
}

# Firefox ESR for the browser tests and the smoke test (geckodriver starts it as 'firefox'; Debian's
# firefox-esr package installs both 'firefox' and 'firefox-esr').
ensure_firefox() {
  if command -v firefox >/dev/null 2>&1; then return; fi
  apt_install "Firefox on PATH as 'firefox'" firefox-esr
}

ensure_geckodriver() {
  if geckodriver --version >/dev/null 2>&1; then return; fi
  say "installing geckodriver from crates.io (a few minutes, once)"
  cargo install geckodriver --locked
}

# WebKitGTK's MiniBrowser and WebKitWebDriver, and a virtual display for it (WebKitGTK has no headless mode).
ensure_webkit() {
  if command -v WebKitWebDriver >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1; then return; fi
  apt_install "WebKitWebDriver and xvfb-run" webkit2gtk-driver xvfb
}

# The conformance check (make conformance) records runs on a real etcd: Debian's etcd-server (3.4).
# The package's own service is not wanted: the recorder starts private servers on free ports.
ensure_etcd() {
  if command -v etcd >/dev/null 2>&1; then return; fi
  apt_install "etcd on PATH (the conformance check)" etcd-server
  if command -v systemctl >/dev/null 2>&1; then systemctl disable --now etcd >/dev/null 2>&1 || true; fi
}

# A clean `make test` fills about 4.6 GB under target/ (measured without incremental files, as .ci/run builds;
# a developer's incremental builds add about 1 GB). Running out of disk fails a link step 10 minutes in with a
# bus error, so say it first; only a warning, as the figure is an estimate.
check_disk() {
  local need_kb=6000000 avail_kb
  mkdir -p target
  avail_kb=$(df -Pk target | awk 'NR == 2 { print $4 }')
  [ -n "$avail_kb" ] && [ "$avail_kb" -lt "$need_kb" ] || return 0
  local free
  free=$(awk -v a="$avail_kb" 'BEGIN { printf "%.1f GB", a / 1e6 }')
  printf '\033[1;33mwarning:\033[0m %s %s\n' "$free is free for target/; a clean make test needs about 5 GB" \
    "(6 GB with incremental builds): it may run out of disk" >&2
}

case "${1:-}" in
  build) ensure_rust; ensure_wasm_bindgen; ensure_node_tools; ensure_trunk ;;
  dist) ensure_rust; ensure_wasm_bindgen; ensure_wasm_split; ensure_node_tools; ensure_trunk; ensure_chromium ;;
  test)
    ensure_rust; ensure_wasm_bindgen; ensure_wasm_split; ensure_node_tools; ensure_wasm_pack; ensure_chromium
    ensure_firefox; ensure_webkit; ensure_geckodriver; ensure_etcd; ensure_trunk; check_disk
    ;;
  *) die "usage: $0 build|dist|test" ;;
esac
