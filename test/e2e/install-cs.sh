#!/usr/bin/env bash
# Installs code-server 4.100.3 (the last release whose engines accept Node 20) into a cache dir
# outside the repository. Idempotent: a second run with the same pin returns at once.
# Needs Debian ripgrep and libkrb5-dev (and a C toolchain for node-pty's node-gyp build).
set -euo pipefail
CS_VERSION=4.100.3
ROOT=${KCE_E2E_DIR:-${HOME:-/tmp}/.cache/kce-e2e}
DEST=${1:-$ROOT/cs}
if [ -x "$DEST/node_modules/.bin/code-server" ] && grep -q "\"version\": \"$CS_VERSION\"" "$DEST/node_modules/code-server/package.json" 2>/dev/null; then
  echo "code-server $CS_VERSION already in $DEST"; exit 0
fi
command -v rg >/dev/null || { echo "install-cs: ripgrep (rg) is missing: apt-get install ripgrep" >&2; exit 1; }
# @vscode/ripgrep's postinstall downloads rg from the network; seed its cache (under os.tmpdir()) with Debian's rg.
export TMPDIR=${TMPDIR:-$ROOT/tmp}
mkdir -p "$TMPDIR/vscode-ripgrep-cache-1.15.11" "$ROOT/rgtmp"
cp "$(command -v rg)" "$ROOT/rgtmp/rg"
tar czf "$TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$ROOT/rgtmp" rg
mkdir -p "$DEST" && cd "$DEST"
[ -f package.json ] || echo '{"name":"kce-e2e-code-server","private":true}' > package.json
# npm_config_yes: node-pty's postinstall runs `npx node-gyp`, cancelled when npm's `yes` is false.
# --unsafe-perm: code-server's postinstall refuses to run as root without it.
npm_config_yes=true npm install --unsafe-perm --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION"
test -x "$DEST/node_modules/.bin/code-server"
echo "code-server $CS_VERSION installed in $DEST"
