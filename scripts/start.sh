#!/usr/bin/env bash
# Quick start, command 1: installs what is needed, builds everything and runs the whole site on the
# embedded database at http://localhost:${PORT:-8080}. Stop with Ctrl-C (graceful shutdown).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh
pnpm install --frozen-lockfile
pnpm build
export NODE_ENV=production
export PORT="${PORT:-8080}"
echo "[start] SWX on http://localhost:${PORT} (data in ${DATA_DIR:-./data})"
exec pnpm --dir server start
