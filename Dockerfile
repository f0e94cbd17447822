# One image for both processes: `start:api` (the default) or `start:worker`.
#   docker build -t loadplan .
#   docker run -e DATABASE_URL=... -e TEMPORAL_ADDRESS=... -p 3000:3000 -p 9464:9464 loadplan
#   docker run -e DATABASE_URL=... -e TEMPORAL_ADDRESS=... -p 9465:9465 loadplan start:worker
# The TypeScript runs through tsx, which is a runtime dependency; there is no build step.

# --- production dependencies only ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
# npm 10 (Node 20's) ignores package.json allowScripts and runs every install script;
# this one only phones home, so it is turned off here
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
# the postinstall script patches postgres.js (see the script); npm ci runs it
COPY scripts/patch-dependencies.mjs scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the runtime image ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    OPS_HOST=0.0.0.0
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules node_modules
COPY --chown=node:node package.json tsconfig.json ./
COPY --chown=node:node activities activities
COPY --chown=node:node api api
COPY --chown=node:node bin bin
COPY --chown=node:node config config
COPY --chown=node:node db db
COPY --chown=node:node ops ops
COPY --chown=node:node share-page share-page
COPY --chown=node:node solver solver
COPY --chown=node:node workflows workflows
# the built-in `node` user (uid 1000); nothing in /app is writable by it except what it owns
USER node
# 3000: the API; 9464: the API's operations port; 9465: the worker's
EXPOSE 3000 9464 9465
ENTRYPOINT ["npm", "run", "--silent"]
CMD ["start:api"]
