#!/usr/bin/env bash
# Copies the conformance report's table into README.md (between the conformance-report markers), with the
# time the report was written and the commit its runs were made on, so that README's table always says
# which run it comes from.
#   conformance-tests/update-readme.sh [REPORT] [COMMIT]
# REPORT: default conformance-tests/target/conformance-report.md; COMMIT: default this checkout's HEAD.
set -euo pipefail
cd "$(dirname "$0")/.."
report=${1:-conformance-tests/target/conformance-report.md}
commit=${2:-$(git rev-parse --short HEAD)}
[ -f "$report" ] || { echo "no report at $report" >&2; exit 1; }
written=$(date -u -r "$report" '+%Y-%m-%d %H:%M UTC')
python3 - "$report" "$commit" "$written" <<'PY'
import re, sys
report, commit, written = sys.argv[1:4]
text = open(report, encoding="utf-8").read()
table = re.search(r"^\| area.*?^\| \*\*total.*?$", text, flags=re.S | re.M).group(0)
clients = sorted(set(re.findall(r"(\d\.\d) client:", table.splitlines()[0])))
header = (f"From the report written {written} by the runs of commit `{commit}` "
          f"(clients {', '.join(clients)}; `conformance-tests/target/conformance-report.md` of that run):\n\n")
p = "README.md"
s = open(p, encoding="utf-8").read()
s = re.sub(r"(<!-- conformance-report:begin -->)\n.*?(<!-- conformance-report:end -->)",
           lambda m: m.group(1) + "\n" + header + table + "\n" + m.group(2), s, flags=re.S)
open(p, "w", encoding="utf-8").write(s)
PY
echo "[conformance] README.md updated from $report (commit $commit, written $written)"
