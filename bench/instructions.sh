#!/usr/bin/env bash
# Instructions per step of every loop row (bench/loop.c, bench/rows.c) against the shipped
# library, under callgrind: each row runs twice with different step counts N1 < N2, and the
# difference of the two "Collected" totals divided by N2 - N1 is its figure (the setup cancels).
# Counts do not depend on the machine's load, so two tables compare where wall clock cannot.
#   bench/instructions.sh [--against FILE] [--out FILE]
# scripts/bench --instructions calls it. Prints a markdown table (row, instructions per step); with
# --against FILE, a table saved by an earlier run, each row's before, after and after / before.
# --out FILE also writes the table of this run there. About 5 minutes on an idle 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
against="" out=""
while [ $# -gt 0 ]; do
    case $1 in
        --against) against=${2:?--against needs a file}; shift 2 ;;
        --out) out=${2:?--out needs a file}; shift 2 ;;
        -h | --help) echo "usage: bench/instructions.sh [--against FILE] [--out FILE]"; exit 0 ;;
        *) echo "usage: bench/instructions.sh [--against FILE] [--out FILE]" >&2; exit 2 ;;
    esac
done
[ -z "$against" ] || [ -r "$against" ] || { echo "bench/instructions.sh: cannot read $against" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "bench/instructions.sh: needs valgrind" >&2; exit 2; }
lib=$(dirname "$(scripts/build release)")
mkdir -p .build/bench
for p in loop rows; do
    cc -std=c99 -O2 -Wall -Wextra -Werror -IInclude "bench/$p.c" -L"$lib" -lgrip-lua -lgrip -Wl,-rpath,"$lib" \
       -o ".build/bench/grip-$p"
done
# One row a line: name, program, mode, N1, N2, extra arguments of the program, then callgrind
# options (the rows of a single call collect inside the library only; LD_BIND_NOW keeps the
# dynamic linker's lazy binding out of them).
rows=(
    "drag|loop|drag|20000|120000||"
    "plain|loop|plain|20000|120000||"
    "resize|loop|resize|20000|120000||"
    "rotate|loop|rotate|20000|120000||"
    "pinch|loop|pinch|20000|120000||"
    "frame|loop|frame|20000|120000||"
    "hit|loop|hit|20000|120000||"
    "group|loop|group|200|1200||"
    "group-resize|loop|group-resize|200|1200||"
    "create|rows|create|50000|100000||"
    "destroy|rows|destroy|50000|100000||"
    "query|rows|query|1000|3000||"
    "movehit|rows|movehit|20000|120000||"
    "frame1|rows|frame1|20000|120000||"
    "marquee|rows|marquee|20|120||"
    "select|rows|select|10000|30000||"
    "gaps|rows|gaps|400|1200||"
    "order|rows|order|10|40||"
    "snapset|rows|snapset|0|1||--toggle-collect=grip_engine_set_snapping"
    "snapnext|rows|snapnext|0|1||--toggle-collect=grip_dispatch_pointer --toggle-collect=grip_frame_get"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# collected <log> <program> <mode> <n> <extra> <callgrind options>: one run's "Collected" total.
collected() {
    local log=$1 prog=$2 mode=$3 n=$4 extra=$5 opts=$6
    # shellcheck disable=SC2086
    LD_BIND_NOW=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null $opts \
        ".build/bench/grip-$prog" "$mode" "$n" $extra >/dev/null 2>"$log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
}
table="$tmp/table.md"
{
    echo "| row | instructions per step |"
    echo "|---|---|"
} >"$table"
for row in "${rows[@]}"; do
    IFS='|' read -r name prog mode n1 n2 extra opts <<<"$row"
    # The two runs of a row side by side: the machine has two cores.
    collected "$tmp/$name.1" "$prog" "$mode" "$n1" "$extra" "$opts" >"$tmp/$name.c1" &
    collected "$tmp/$name.2" "$prog" "$mode" "$n2" "$extra" "$opts" >"$tmp/$name.c2"
    wait $!
    c1=$(cat "$tmp/$name.c1") c2=$(cat "$tmp/$name.c2")
    if [ -z "$c1" ] || [ -z "$c2" ]; then
        echo "bench/instructions.sh: row $name: no total from callgrind" >&2
        cat "$tmp/$name.1" "$tmp/$name.2" >&2
        exit 1
    fi
    echo "| $name | $(((c2 - c1 + (n2 - n1) / 2) / (n2 - n1))) |" >>"$table"
done
[ -z "$out" ] || cp "$table" "$out"
if [ -z "$against" ]; then
    cat "$table"
    exit 0
fi
# Each row of this run beside the same row of the saved table (by name).
awk -F'|' '
    function trim(s) { gsub(/^ +| +$/, "", s); return s }
    NR == FNR { if ($2 ~ /[a-z]/ && trim($3) ~ /^[0-9]+$/) before[trim($2)] = trim($3); next }
    FNR == 1 { print "| row | before | after | after / before |"; print "|---|---|---|---|" }
    trim($3) ~ /^[0-9]+$/ {
        name = trim($2); after = trim($3)
        if (name in before && before[name] > 0) printf "| %s | %s | %s | %.4f |\n", name, before[name], after, after / before[name]
        else printf "| %s | - | %s | - |\n", name, after
    }' "$against" "$table"
