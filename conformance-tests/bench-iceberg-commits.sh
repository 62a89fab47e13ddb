#!/usr/bin/env bash
# Iceberg commits on one table, 1 and 8 HiveCatalog writers, through a real Apache HMS and through Lakegate in
# one run (a benchmark, not a test); Lakegate and the floor (no metastore) on local files and on S3 (S3Mock on
# 127.0.0.1). Needs the launcher packaged: mvn -B -q package -pl launcher -am -DskipTests.
#   conformance-tests/bench-iceberg-commits.sh                 # Hive 3.1 client, HMS 3.1.3 and 4.0.1, 3 rounds
#   conformance-tests/bench-iceberg-commits.sh -Dbench.rounds=5 -Dbench.appends=50
# Writes conformance-tests/target/iceberg-commit-benchmark.md.
set -euo pipefail
cd "$(dirname "$0")/.."
# -am builds real-hms, the harness this module runs the servers with, first.
mvn -B -q -pl conformance-tests -am -Dhive.client=3.1 -Piceberg-commit-benchmark "$@" process-test-classes
