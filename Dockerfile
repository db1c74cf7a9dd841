# syntax=docker/dockerfile:1
# Parley's one binary in a small image. Build: `docker build -t parley .`
# Run alone on SQLite: `docker run -d --env-file .env -v parley-data:/data parley`
# Run two shards on PostgreSQL: see compose.yaml and README.md, "Running at scale".

# The builder: the toolchain the project is built and tested with. rustls is used throughout,
# so no OpenSSL; SQLite is compiled in (libsqlite3-sys) with the C compiler the image has.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# The registry and target caches survive between builds (BuildKit); the binary is copied out
# in the same step, since a cache mount is not part of the image.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p parley \
    && cp target/release/parley /usr/local/bin/parley

# The runtime: Debian slim with the CA certificates the bot needs to reach Discord over TLS.
# Maps, fonts and migrations are inside the binary.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin parley \
    && mkdir -p /data \
    && chown parley:parley /data
COPY --from=build /usr/local/bin/parley /usr/local/bin/parley
USER parley
# The SQLite file (the default database) lives in the volume; a .env there is read too.
WORKDIR /data
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/parley.db \
    RUST_LOG=info \
    PARLEY_HEALTH_FILE=/tmp/parley-alive
# Healthy while the bot's scheduler ticks: it writes the file after every tick (10 s by default).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD test -n "$(find /tmp/parley-alive -mmin -2 2>/dev/null)" || exit 1
# `parley bot` stops cleanly on SIGTERM (docker stop's signal) within 5 seconds.
ENTRYPOINT ["parley"]
CMD ["bot"]
