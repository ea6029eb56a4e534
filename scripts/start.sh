#!/usr/bin/env bash
# Serves the playground on localhost and prints its address. `npm start`
# runs setup.sh and build.sh first; run alone, this builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f dist/index.js ]; then
  echo "start: the npm package (dist/) is not built yet; running scripts/build.sh"
  bash scripts/build.sh
elif [ ! -f web/dist/index.html ] ||
  [ -n "$(find web/src web/public web/index.html web/page.css web/*.ts dist -newer web/dist/index.html -print -quit)" ]; then
  echo "start: building the playground (web/dist)"
  node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn
fi

# The first free port from PORT (default 5173), so a second copy still starts.
free() {
  node -e "const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen($1,'localhost',()=>s.close(()=>process.exit(0)))"
}
port="${PORT:-5173}"
for _ in $(seq 1 20); do
  free "$port" && break
  port=$((port + 1))
done

echo
echo "  tensorcast playground:  http://localhost:${port}/"
echo "  embedding example:      http://localhost:${port}/course.html"
echo "  (Ctrl+C stops the server)"
echo
exec node_modules/.bin/vite preview --config web/vite.config.ts --host localhost --port "$port" --strictPort
