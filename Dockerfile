# syntax=docker/dockerfile:1

# One image serves every role (api, worker, migrate); docker-compose.yml picks
# the role through the command. TypeScript runs through tsx, so there is no
# build step and the image holds the sources as they are in the repository.

# Node 22 is the active LTS line; Node 20 reached its end of life.
ARG NODE_VERSION=22
FROM node:${NODE_VERSION}-bookworm-slim

WORKDIR /app

# - SCRIPT_SHELL: `npm run` starts scripts through `sh -c`; Debian's dash stays
#   in between as a parent that dies on SIGTERM without passing it on, so the
#   service would be killed mid-request on every stop. bash execs the script's
#   command instead, and npm then forwards SIGTERM straight to the app.
# - UPDATE_NOTIFIER: no registry lookup on every `npm run` at runtime.
# - FUND, AUDIT: no notices or advisory lookups during the build.
ENV NPM_CONFIG_SCRIPT_SHELL=/bin/bash \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# The manifest, the lockfile and scripts/ (which holds the postinstall hook) go
# in first, so that edits anywhere else keep the dependency layer cached.
COPY package.json package-lock.json ./
COPY scripts ./scripts

# - SKIP_TEMPORAL_INSTALL: the postinstall hook would otherwise build a Python
#   venv holding the Temporal CLI and dev server; containers talk to a real
#   Temporal cluster through TEMPORAL_ADDRESS and never need it.
# - SCARF_ANALYTICS: keeps a transitive dependency's install hook from phoning
#   home during the build.
# - --include=dev: tsx, which loads the TypeScript sources at runtime, is a
#   devDependency; a production-only install would leave the image unable to
#   start.
# The install runs as root so that the code and node_modules end up read-only
# for the `node` user that runs the service.
RUN --mount=type=cache,target=/root/.npm \
    SKIP_TEMPORAL_INSTALL=1 SCARF_ANALYTICS=false npm ci --include=dev

COPY . .

# Set after `npm ci`: NODE_ENV=production during the install would drop tsx.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080

# The base image's unprivileged `node` user, given by id so that platforms
# enforcing a non-root user (Kubernetes runAsNonRoot) can verify it.
USER 1000:1000

EXPOSE 8080

CMD ["npm", "run", "api"]
