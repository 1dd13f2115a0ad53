# The content-api-mock server as a container image (docs/deploy.md).
#   docker build -t content-api-mock .
#   docker run --rm -p 4010:4010 content-api-mock
# NODE_IMAGE is the base of every stage: any image with Node.js >= 20.19 and
# npm, a user `node` (uid 1000) and glibc, as the official slim images have.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. The package as npm would pack it, built from this folder (its docs aside:
# .dockerignore leaves them out).
FROM ${NODE_IMAGE} AS build
# npm's own settings, for a build behind a mirror (NPM_CONFIG_REGISTRY) or
# from a mounted cache alone (NPM_CONFIG_OFFLINE=true, as the tests build it).
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
ARG NPM_CONFIG_OFFLINE=false
WORKDIR /src
COPY package.json package-lock.json ./
# No dependency needs its install script for the build (npm 11 skips them too).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm pack --ignore-scripts --pack-destination /tmp \
 && mkdir /package \
 && tar -xzf /tmp/content-api-mock-*.tgz -C /package --strip-components 1

# 2. What the built files import at run time, at the versions of the lock:
# the bundles inline every dependency but msw (for --handlers) and ioredis
# (for --redis) (scripts/build-bundles.js), so the rest would be dead weight.
FROM ${NODE_IMAGE} AS runtime-dependencies
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
ARG NPM_CONFIG_OFFLINE=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN node -e " \
    const { writeFileSync } = require('node:fs'); \
    const { packages } = require('./package-lock.json'); \
    const pin = (name) => [name, packages['node_modules/' + name].version]; \
    writeFileSync('package.json', JSON.stringify({ \
      name: 'content-api-mock-image', private: true, \
      dependencies: Object.fromEntries(['msw', 'ioredis'].map(pin)), \
    }));" \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm package.json package-lock.json

# 3. The image: the package and those dependencies, owned by root, run by `node`.
FROM ${NODE_IMAGE}
ARG VERSION=0.1.0
ARG SOURCE=
LABEL org.opencontainers.image.title="content-api-mock" \
      org.opencontainers.image.description="A mock of the Content Project Read API: seeded demo data or your fixtures, a control API, replicas through Redis." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="${SOURCE}"
COPY --from=build /package /app
COPY --from=runtime-dependencies /app/node_modules /app/node_modules
COPY deploy/healthcheck.js /app/healthcheck.js
# /data is where fixtures and media folders are mounted (read-only is fine);
# relative paths in the flags start there.
RUN mkdir /data
WORKDIR /data
# Every interface, so that a published port reaches it; the control API then
# needs a token: CONTENT_API_MOCK_ADMIN_TOKEN, or one generated and printed.
ENV HOST=0.0.0.0 PORT=4010
EXPOSE 4010
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/healthcheck.js"]
# Node is PID 1 and handles SIGTERM itself: requests in flight get up to
# --shutdown-timeout (10 s), then it exits with 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/dist/cli/main.js"]
