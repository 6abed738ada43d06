# syntax=docker/dockerfile:1
# The SWX server with the built site (the shell and every module), for production on PostgreSQL.
#   docker build -f deploy/server.Dockerfile -t swx-server .        (from the repository root)
# The same steps run outside Docker in CI (e2e/cluster/deploy-files.spec.ts checks this file against the
# cluster test); docs/deployment.md lists the settings production needs.

FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
# Build everything, then keep only what runs: the server bundle with its production dependencies
# (`pnpm deploy`), and each web package's dist/ where the server looks for it (WEB_ROOT).
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @swx/server deploy --prod /app/server \
 && for package in shell mf-*; do \
      if [ -d "$package/dist" ]; then mkdir -p "/app/web/$package" && cp -r "$package/dist" "/app/web/$package/dist"; fi; \
    done

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_ROOT=/app/web \
    DATA_DIR=/var/lib/swx
COPY --from=build --chown=root:root /app /app
# Uploads (and PGlite, if DATABASE_URL is unset) live in DATA_DIR: the only place the server writes.
RUN mkdir -p /var/lib/swx && chown node:node /var/lib/swx
USER node
WORKDIR /app/server
EXPOSE 8080
VOLUME ["/var/lib/swx"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM lets in-flight requests finish and stops background work (server/src/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
