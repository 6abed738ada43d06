#!/usr/bin/env bash
# The server's runtime tree, from a built workspace (`pnpm install` and `pnpm build` done): what the server image
# holds under /app. deploy/server.Dockerfile runs this very script, and the cluster suite starts a server from
# its output alone as an unprivileged user (e2e/cluster/runtime-tree.spec.ts).
#
#   bash scripts/runtime-tree.sh <target>
#
#   <target>/server        the server bundle (dist/), its migrations and assets, with production dependencies
#                          only (`pnpm deploy --prod`; the SDK is bundled into dist/, so it is not among them)
#   <target>/web/<app>/dist  the shell and each feature module, where the server looks for them (WEB_ROOT)
#   <target>/web/releases    empty: module releases go here (RELEASES_DIR; a volume in production)
set -euo pipefail
target=${1:?usage: bash scripts/runtime-tree.sh <target folder>}
cd "$(dirname "$0")/.."

[ -f server/dist/main.js ] || { echo "runtime-tree: server/dist is missing: run pnpm build first" >&2; exit 1; }
[ -f shell/dist/index.html ] || { echo "runtime-tree: shell/dist is missing: run pnpm build first" >&2; exit 1; }
if [ -e "$target/server" ] || [ -e "$target/web" ]; then
  echo "runtime-tree: $target already holds a tree; give an empty or new folder" >&2
  exit 1
fi
mkdir -p "$target"

pnpm --filter @swx/server deploy --prod "$target/server"
# `pnpm deploy` copies the package's `files` (server/package.json): without dist/ nothing would start.
for needed in dist/main.js dist/admin-cli.js migrations/meta/_journal.json; do
  [ -f "$target/server/$needed" ] || { echo "runtime-tree: $needed did not reach the tree" >&2; exit 1; }
done

for package in shell mf-*; do
  if [ -d "$package/dist" ]; then
    mkdir -p "$target/web/$package"
    cp -r "$package/dist" "$target/web/$package/dist"
  fi
done
mkdir -p "$target/web/releases"
echo "runtime-tree: $target/server and $target/web"
