#!/usr/bin/env bash
# The offline site (`npm run build:site`): web/site/, the playground's pages
# and the API page, served from any path (web/site.config.ts), and
# web/site/tensorcast-offline.html, the playground as one file that works
# opened from disk (web/single-file.config.ts). Needs the package in dist/
# (scripts/build.sh makes it). docs/course-kit.md, "offline".
set -euo pipefail
cd "$(dirname "$0")/.."
node_modules/.bin/vite build --config web/site.config.ts --logLevel warn
node_modules/.bin/vite build --config web/single-file.config.ts --logLevel warn
