#!/usr/bin/env bash
# The conformance suite once per Hive client line (default: all three), each in its own Maven run,
# since the clients cannot share a classpath (with -am: the module's test support, real-hms, is built
# with it, as it is in no repository). Every run is made even when an earlier one failed; the
# exit status is the first failure's. Prints the time of each run and the report's table.
#   conformance-tests/run-clients.sh                     # 2.3, 3.1 and 4.0
#   conformance-tests/run-clients.sh 3.1                 # one of them
#   MAVEN_ARGS="-Dconformance.lakegate.ignoreFailures=true" conformance-tests/run-clients.sh
#   conformance-tests/run-clients.sh --update-readme     # also copy the report's table into README.md
set -uo pipefail
cd "$(dirname "$0")/.."
update_readme=false
clients=()
for a in "$@"; do
  if [ "$a" = "--update-readme" ]; then update_readme=true; else clients+=("$a"); fi
done
[ ${#clients[@]} -gt 0 ] || clients=(2.3 3.1 4.0)
summary=()
status=0
for c in "${clients[@]}"; do
  start=$(date +%s)
  # shellcheck disable=SC2086
  mvn -B -pl conformance-tests -am verify -Dhive.client="$c" ${MAVEN_ARGS:-}
  rc=$?
  [ $status -ne 0 ] || status=$rc
  summary+=("client $c: $(( $(date +%s) - start )) s (exit $rc)")
done
for line in "${summary[@]}"; do echo "[conformance] $line"; done
tail -n $(( 2 * ${#clients[@]} + 1 )) conformance-tests/target/hms-logs/startup-times.txt 2>/dev/null || true
report=conformance-tests/target/conformance-report.md
if [ -f "$report" ]; then
  sed -n '/^| area/,/^$/p' "$report"
  if $update_readme; then
    conformance-tests/update-readme.sh "$report"
  fi
fi
exit $status
