# syntax=docker/dockerfile:1
# Build. Learn. Earn. Thrive. as an image (README "Deploy", decision 076). Two targets:
#   app (the default): the built server and client on Node 24, for app nodes and workers;
#   web: nginx with deploy/nginx.conf and the built client's files, in front of the app nodes.
# compose.yaml builds both. The same layout runs in CI on loopback: `npm run test:cluster`.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, to build with.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The client (Vite, with .br and .gz copies) and the server (esbuild) into dist/.
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: what the server bundle imports (scripts/build-server.mjs fails
# the build when it imports a development one), with their native binaries for this platform.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# DATA_DIR holds the embedded database and uploads only when no DATABASE_URL and no bucket are
# set (a single node); a cluster keeps nothing there but the dev mailbox when SMTP_URL is unset.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: a database outage must not get healthy processes restarted. Balancers ask
# /api/health/ready. fetch is global in Node 24: no curl in the slim image.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (readiness 503, requests in flight finish, sockets told to reconnect elsewhere,
# jobs finish) within SHUTDOWN_TIMEOUT_MS: give `docker stop` / Kubernetes at least that long.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]

FROM nginx:1.27-bookworm AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/dist/client /srv/blet/client
