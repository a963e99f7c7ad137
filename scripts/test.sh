#!/usr/bin/env bash
# npm test: everything CI runs. The build, then the checks alone (beside the suites on a slow host
# the type-aware lint once took 23 minutes), then two lanes side by side:
#   unit: the unit, API and component tests, then the unit and API tests again on embedded PGlite
#         with the clock at Saturday 23:58 in Pakistan, a minute before a new day and week, so a
#         test that leans on the default Wednesday midday fails here rather than later (but the
#         route fuzzer: hostile input meets the same validation before either database, and its
#         three parts were a third of that pass's time);
#   e2e:  the browser journeys, then (on a PostgreSQL run) the counter's journeys again on PGlite,
#         the database a shop's first start uses.
# The browser lane waits on Chromium and the app more than it computes: with the second passes
# after the first ones (CI ran them after npm test), a core stood idle for minutes. Set
# TEST_DATABASE_URL to run the first passes on PostgreSQL (docs/development.md#tests).
set -uo pipefail
cd "$(dirname "$0")/.."

SATURDAY_NIGHT=2026-03-14T18:58:00.000Z
COUNTER_JOURNEYS=(e2e/accounts-phone-sign-in.test.ts e2e/counter-link-journey.test.ts
  e2e/stamp-by-phone-journey.test.ts e2e/several-stamps-journey.test.ts e2e/kiosk-journey.test.ts)

# Each lane runs its second pass even when the first failed, and fails if either did.
unit_lane() {
  local status=0
  npx vitest run --project unit --project components || status=1
  env -u TEST_DATABASE_URL TEST_CLOCK_START="${SATURDAY_NIGHT}" npx vitest run --project unit \
    --exclude 'src/server/test/adversarial/fuzz-part-*.test.ts' || status=1
  return "${status}"
}

e2e_lane() {
  local status=0
  npx vitest run --project e2e || status=1
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    env -u TEST_DATABASE_URL npx vitest run --project e2e "${COUNTER_JOURNEYS[@]}" || status=1
  fi
  return "${status}"
}

case "${1:-}" in
  unit-lane) unit_lane ;;
  e2e-lane) e2e_lane ;;
  *)
    npm run build || exit 1
    built=${SECONDS}
    npm run check || exit 1
    checked=${SECONDS}
    npx concurrently --names unit,e2e --prefix-colors blue,magenta "bash scripts/test.sh unit-lane" "bash scripts/test.sh e2e-lane"
    status=$?
    echo "npm test: build ${built} s, checks $((checked - built)) s, suites $((SECONDS - checked)) s"
    exit "${status}"
    ;;
esac
