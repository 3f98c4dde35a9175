# Heirloom in a container. The build stage runs the operator's path of the README
# (npm ci → npm run build → npm prune --omit=dev), which `npm run test:prod` exercises on
# every CI run; the runtime stage carries only its result: no compiler, no bundler, no
# sources. Node runs as PID 1 itself: the server handles SIGTERM (requests in flight
# finish, new ones get 503), so `docker stop` reaches it with nothing in between.

# The speech model the local engine transcribes with (issue 22): whisper.cpp's `base` by
# default; `--build-arg WHISPER_MODEL=tiny` or `small` takes another, and an empty value
# leaves it out. Fetched (size said, SHA-1 checked) in a stage that holds nothing but the
# fetch script, so a change to the sources does not download it again.
ARG WHISPER_MODEL=base

FROM node:20-bookworm-slim AS model
ARG WHISPER_MODEL
WORKDIR /app
COPY package.json ./
COPY scripts/models-get.mjs scripts/
# DATA_DIR=/app puts it in /app/models: outside /data, which the volume would hide.
RUN mkdir -p models \
 && if [ -n "$WHISPER_MODEL" ]; then DATA_DIR=/app npm run models:get -- "$WHISPER_MODEL"; fi

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles when no prebuilt binary can be fetched.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ARG WHISPER_MODEL
# glibc's allocator, as bench/support.ts ALLOCATOR_ENV runs it: left alone, it gives each
# thread an arena of its own and, once large blocks have been freed, keeps sharp's pixel buffers
# in those arenas, whose freed pages it holds on to, so RSS climbs in steps under a stream of
# photo uploads. Two arenas and large blocks always mapped apart give memory back after each
# burst and keep it about a third lower (bench/README.md, mixed load).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
COPY --from=model /app/models ./models
# The baked model, named (empty when WHISPER_MODEL was, which config.ts takes as unset: then a
# model in /data/models, or TRANSCRIBE_URL, gives the words). TRANSCRIBE_URL still wins.
ENV TRANSCRIBE_MODEL_FILE=${WHISPER_MODEL:+/app/models/ggml-${WHISPER_MODEL}.bin}
# The node image's unprivileged user owns the data folder and nothing else.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# What `npm start` runs, without npm in between to swallow the signal.
CMD ["node", "scripts/launch.mjs", "server/main.ts"]
