#!/usr/bin/env bash
# Install Debian's chromium for the HTML report test (test/report/html.test.ts), which drives it through
# playwright-core. Idempotent: does nothing when /usr/bin/chromium exists. Needs root (or sudo) and apt-get.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-chromium: /usr/bin/chromium is missing and this is not root; install the 'chromium' package" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: no apt-get here; install Chromium so that /usr/bin/chromium exists" >&2
  exit 1
fi

echo "ensure-chromium: installing chromium with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
echo "ensure-chromium: $(/usr/bin/chromium --version 2>/dev/null || echo installed)" >&2
