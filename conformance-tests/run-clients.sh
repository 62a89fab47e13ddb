#!/usr/bin/env bash
# The conformance suite once per Hive client line (default: all three), each in its own Maven run,
# since the clients cannot share a classpath. Prints the time of each run.
#   conformance-tests/run-clients.sh            # 2.3, 3.1 and 4.0
#   conformance-tests/run-clients.sh 3.1        # one of them
set -euo pipefail
cd "$(dirname "$0")/.."
clients=("$@")
[ ${#clients[@]} -gt 0 ] || clients=(2.3 3.1 4.0)
summary=()
for c in "${clients[@]}"; do
  start=$(date +%s)
  mvn -B -pl conformance-tests verify -Dhive.client="$c"
  summary+=("client $c: $(( $(date +%s) - start )) s")
done
for line in "${summary[@]}"; do echo "[conformance] $line"; done
cat conformance-tests/target/hms-logs/startup-times.txt 2>/dev/null | tail -n "${#clients[@]}" || true
