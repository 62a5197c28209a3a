#!/usr/bin/env bash
# `npm test`: installs what the tests need on a fresh machine, runs `npm run verify` (types, lint, format, unit
# tests) first so a broken rule fails in seconds, builds once, then runs the other tiers: services, API integration
# against PGlite and (with TEST_DATABASE_URL) PostgreSQL and two instances on one PostgreSQL, Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Chromium from Debian (Playwright cannot download browsers here)…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
# gpg checks the PGP-signed documents (tests/integration/pgp.test.ts); jq runs in the README walk-through test.
missing=""
for tool in gpg:gnupg jq:jq; do command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"; done
if [ -n "$missing" ]; then
  echo "Installing$missing from Debian…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $missing >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq $missing >/dev/null; fi
fi

if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  echo "Installing poppler-utils from Debian (the PDF tests read PDFs back with pdftotext and pdftoppm)…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq poppler-utils >/dev/null; fi
fi

echo "== verify (types, lint, format, unit tests)"
npm run -s verify

echo "== build"
npx next build >/tmp/fds-next-build.log 2>&1 || { cat /tmp/fds-next-build.log; exit 1; }

echo "== service tests (in-process, PGlite${TEST_DATABASE_URL:+ and PostgreSQL})"
npx vitest run --project services

echo "== API integration tests (PGlite${TEST_DATABASE_URL:+, PostgreSQL and two instances on one PostgreSQL})"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  npx vitest run --project integration-pglite --project integration-postgres --project integration-two-instances
else
  npx vitest run --project integration-pglite
fi

echo "== Playwright (API and UI flows in Chromium)"
npx playwright test
