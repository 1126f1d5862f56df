#!/usr/bin/env bash
# Installs the Debian packages the tests need, only when they are missing (needs root and apt):
#   chromium          - the browser Playwright drives (no browser download is possible here)
#   fonts-noto-core   - so Chromium renders Devanagari
#   poppler-utils     - pdftoppm / pdftotext: tests render and read the generated PDFs
#   qpdf              - tests make encrypted and damaged PDFs
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -d /usr/share/fonts/truetype/noto ] && ls /usr/share/fonts/truetype/noto | grep -q Devanagari || need+=(fonts-noto-core)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${need[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
