#!/usr/bin/env bash
# Runs the wasm browser tests in WebKitGTK's MiniBrowser: wasm-bindgen's test runner knows WebKit only as
# Safari (safaridriver, macOS), but it can use any running WebDriver server as "Safari" through
# SAFARIDRIVER_REMOTE; here that is WebKitWebDriver on a virtual display (WebKitGTK has no headless mode).
#   scripts/webkit-tests.sh --test web --test web_story ...   (arguments go to cargo test)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${WEBKIT_WEBDRIVER_PORT:-4455}
setsid xvfb-run -a WebKitWebDriver --port="$port" >/dev/null 2>&1 &
driver=$!
trap 'kill -- "-$driver" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/status" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/status" >/dev/null || { echo "WebKitWebDriver did not start on port $port" >&2; exit 1; }
SAFARIDRIVER_REMOTE="http://127.0.0.1:$port" CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --no-fail-fast --target wasm32-unknown-unknown "$@"
