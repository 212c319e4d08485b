# sc-migrate compatibility proxy: a v1 facade in front of the Symptom Checker API v2 (docs/shim.md).
#
#   docker build -t sc-migrate-proxy .
#   docker run --rm -p 8080:8080 -v "$PWD/sc-migrate.config.json:/config/sc-migrate.config.json:ro" \
#     sc-migrate-proxy --env sandbox
#
# The entrypoint is `sc-migrate proxy`; arguments after the image name are added to the defaults in CMD's
# place, so pass --config/--env/--legacy-version etc. as needed.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Sources are copied after the install so dependency layers stay cached; `prepare` (the build) runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npx tsc -p tsconfig.build.json && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 8080
# Liveness from inside the container; Kubernetes uses /healthz and /readyz directly (docs/shim.md).
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains in-flight requests (up to --drain-timeout), then the process exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "--no-memory-reducer", "dist/cli/main.js", "proxy", "--host", "0.0.0.0", "--port", "8080"]
CMD ["--config", "/config/sc-migrate.config.json", "--env", "sandbox"]
