# Cue for production: the server with the built web app inside, run as a user without privileges.
#   docker build -t cue .
#   docker compose -f deploy/compose.yaml up      (two instances, PostgreSQL, MinIO, nginx: see README)
# One machine without containers stays `npm ci && npm start`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages ./packages
COPY apps ./apps
COPY tsconfig.base.json ./
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The server's own packages only: no build tools, test runners or browsers.
RUN npm ci --omit=dev --workspace apps/server --workspace packages/contract --include-workspace-root=false --no-audit --no-fund

FROM node:20-bookworm-slim
# ffmpeg: audio and video processing; postgresql-client: pg_dump and pg_restore for backups, Debian bookworm's 15,
# the version deploy/compose.yaml runs (pg_dump refuses a server newer than itself).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg postgresql-client ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json tsconfig.base.json ./
COPY --chown=node:node packages ./packages
COPY --chown=node:node apps/server ./apps/server
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/apps/server
CMD ["node", "--import", "tsx", "src/main.ts"]
