#!/usr/bin/env bash
# Quick start, command 1: installs what is needed, builds everything (unless nothing changed since the last
# build) and runs the whole site on the embedded database at http://localhost:${PORT:-8080}. Stop with Ctrl-C
# (graceful shutdown).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh
pnpm install --frozen-lockfile
# Builds only when a source, config, the lockfile or the toolchain changed since the output was built (a content
# hash kept beside each package's dist/); SWX_REBUILD=1 builds anyway. A restart of an unchanged tree skips it.
node scripts/build-if-changed.mjs
export NODE_ENV=production
# Identity data at rest: the server refuses to start without a key-encryption key (docs/configuration.md).
# The quick start keeps one per data folder (created once, readable by this user only, never printed); a real
# deployment sets IDENTITY_ENCRYPTION_KEY or the keyring IDENTITY_KEYS itself, from a secret store, and keeps
# it out of the data folder's backups.
if [ -z "${IDENTITY_ENCRYPTION_KEY:-}" ] && [ -z "${IDENTITY_KEYS:-}" ]; then
  key_file="${DATA_DIR:-./data}/identity.key"
  mkdir -p "$(dirname "$key_file")"
  [ -s "$key_file" ] || (umask 077 && node -e "process.stdout.write(require('crypto').randomBytes(32).toString('hex'))" >"$key_file")
  IDENTITY_ENCRYPTION_KEY="$(cat "$key_file")"
  export IDENTITY_ENCRYPTION_KEY
fi
export PORT="${PORT:-8080}"
echo "[start] SWX on http://localhost:${PORT} (data in ${DATA_DIR:-./data})"
exec pnpm --dir server start
