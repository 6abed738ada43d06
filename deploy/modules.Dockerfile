# syntax=docker/dockerfile:1
# Static hosting for the feature modules on an origin of their own (a CDN's origin server): each module's
# dist/ under /<module>/, content-hashed files cached for a year, manifests and entries never cached, and
# CORS for the site's origin (MODULES_ALLOW_ORIGIN). Point the server's REMOTES_FILE at these URLs.
#   docker build -f deploy/modules.Dockerfile -t swx-modules .     (from the repository root)

FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && for package in mf-*; do pnpm --dir "$package" run build; done \
 && mkdir -p /site \
 && for package in mf-*; do cp -r "$package/dist" "/site/$package"; done

FROM nginx:1.22-bookworm
ENV MODULES_ALLOW_ORIGIN=https://swx.example
COPY deploy/modules-nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /site /usr/share/nginx/html
# The official image's entrypoint fills the template from the environment, then runs nginx; its workers
# run as the unprivileged nginx user.
EXPOSE 80
# Healthy when nginx serves a module's manifest (curl is part of the official image).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1/mf-markets/mf-manifest.json"]
