# syntax=docker/dockerfile:1
# The SWX server with the built site (the shell and every module), for production on PostgreSQL.
#   docker build -f deploy/server.Dockerfile -t swx-server .        (from the repository root)
# The same runtime tree is assembled and started outside Docker in CI, as an unprivileged user with the
# application read-only (e2e/cluster/runtime-tree.spec.ts); docs/deployment.md lists the settings production
# needs. Migrations: `node dist/main.js --migrate-only` (the compose file's one-shot `migrate` service).

FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
# Build everything, then keep only what runs (scripts/runtime-tree.sh, the same script CI starts a server from):
# the server bundle with its production dependencies (`pnpm deploy --prod`) under /app/server, and each web
# package's dist/ where the server looks for it (WEB_ROOT) under /app/web.
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && bash scripts/runtime-tree.sh /app

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_ROOT=/app/web \
    DATA_DIR=/var/lib/swx
# The application is root's and read-only to the server. Uploads (and PGlite, if DATABASE_URL is unset) live in
# DATA_DIR, the only place the server writes; module releases live in /app/web/releases (RELEASES_DIR), a volume
# the instances share with the release command (deploy/compose.yaml).
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /var/lib/swx && chown node:node /var/lib/swx /app/web/releases
USER node
WORKDIR /app/server
EXPOSE 8080
VOLUME ["/var/lib/swx", "/app/web/releases"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM lets in-flight requests finish and stops background work (server/src/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
