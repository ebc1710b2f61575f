#!/usr/bin/env bash
# Regenerates the committed results under benchmarks/ (tables, CSV and
# figures) from the current code, byte for byte: every random thing is
# seeded by the instance, and the results do not depend on --workers.
# Timing is not a result: wall and CPU times vary from run to run, so no
# generated file holds one (the READMEs quote measured costs as such).
#
# Usage: scripts/regen-results.sh [--check] [--quick] [NAME...]
#
#   NAME     a result directory under benchmarks/: mps-paper, quick,
#            rmts-failure, rmts-paper, rmts-sparse (default: all of them)
#   --quick  only the results that take seconds (mps-paper, quick)
#   --check  compare instead of write: regenerate into a temporary
#            directory, list every file that differs from the committed one
#            (or is missing, or is committed but no longer produced), and
#            exit 1 if any does
#
# rmts-paper and rmts-sparse take about 2 CPU minutes each (6 wall minutes
# on the shared 2-core machine), rmts-failure about 13 CPU seconds; run
# them niced: nice -n 10 scripts/regen-results.sh rmts-paper.
#
# Byte-for-byte identity holds for the same Go toolchain and module
# versions on amd64; other architectures may fuse multiply-adds and differ
# in the last digits.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
quick=0
names=()
for a in "$@"; do
	case $a in
	--check) check=1 ;;
	--quick) quick=1 ;;
	-*)
		echo "regen-results: unknown flag $a" >&2
		exit 2
		;;
	*) names+=("$a") ;;
	esac
done
all=(mps-paper quick rmts-failure rmts-paper rmts-sparse)
if ((${#names[@]} == 0)); then
	if ((quick)); then
		names=(mps-paper quick)
	else
		names=("${all[@]}")
	fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -ldflags "$(scripts/ldflags.sh)" -o "$tmp/solve" ./cmd/solve
# solve CMD ARGS: the CLI without progress lines; its stderr ("wrote ...",
# event counts with their wall time) is not a result and is dropped.
solve() {
	local cmd=$1
	shift
	"$tmp/solve" "$cmd" --progress off "$@" 2>"$tmp/stderr" || {
		cat "$tmp/stderr" >&2
		return 1
	}
}

# Each job writes the files of benchmarks/<name> into its argument $1.
job_mps-paper() {
	solve mps --input examples/mps-paper.json --plot "$1/fig2_profit.png" --plot-gap "$1/gap.png" \
		--plot-bars "$1/fig4_gap_bars.png" --csv "$1/sweep.csv" >"$1/table.txt"
	solve mps --input examples/mps-paper.json --step 5 >"$1/table_step5.txt"
}
job_quick() {
	mkdir -p "$1/tpd" "$1/rmts"
	solve tpd --input examples/tpd-campus.json --count 1000 --runs 5 --bound lag \
		--plot "$1/tpd" --csv "$1/tpd/modes.csv" >"$1/tpd/modes.txt"
	solve tpd --input examples/tpd-campus.json --load 0.5,0.9 --count 2000 --runs 3 \
		--plot "$1/tpd" --csv "$1/tpd/sweep.csv" >"$1/tpd/sweep.txt"
	solve rmts --input examples/rmts-paper.json --sweep xi=40,44 --alpha 0.3,0.7 --runs 2 \
		--plot "$1/rmts" --csv "$1/rmts/sweep.csv" >"$1/rmts/table.txt"
}
job_rmts-failure() {
	solve rmts --input benchmarks/rmts-failure/model.json --sweep xi=36,40,44 --runs 10 \
		>"$1/table.txt"
}
rmts_sweep() { # rmts_sweep INPUT OUT: the paper's sweep of spec B.7
	solve rmts --input "$1" --sweep xi=36:44 --alpha 0.3,0.5,0.7 --runs 20 \
		--plot "$2" --csv "$2/sweep.csv" >"$2/table.txt"
}
job_rmts-paper() { rmts_sweep examples/rmts-paper.json "$1"; }
job_rmts-sparse() { rmts_sweep benchmarks/rmts-sparse/model.json "$1"; }

# Hand-written files of a result directory: never generated, never compared.
handwritten() { [[ $1 == README.md || $1 == model.json ]]; }

status=0
for n in "${names[@]}"; do
	if ! declare -F "job_$n" >/dev/null; then
		echo "regen-results: unknown result $n (known: ${all[*]})" >&2
		exit 2
	fi
	out="$tmp/out/$n"
	mkdir -p "$out"
	start=$SECONDS
	"job_$n" "$out"
	dir="benchmarks/$n"
	produced=$(cd "$out" && find . -type f | sed 's|^\./||' | sort)
	committed=$( (cd "$dir" 2>/dev/null && find . -type f | sed 's|^\./||' | sort) || true)
	if ((check)); then
		bad=0
		for f in $produced; do
			if [ ! -f "$dir/$f" ]; then
				echo "$dir/$f: produced but not committed"
				bad=1
			elif ! cmp -s "$out/$f" "$dir/$f"; then
				echo "$dir/$f: differs from what the code produces now"
				bad=1
			fi
		done
		for f in $committed; do
			handwritten "$(basename "$f")" && continue
			[ -f "$out/$f" ] || {
				echo "$dir/$f: committed but no longer produced"
				bad=1
			}
		done
		if ((bad)); then
			status=1
			echo "regen-results: $n is stale; run scripts/regen-results.sh $n and commit" >&2
		else
			echo "regen-results: $n matches ($(echo "$produced" | wc -w) files, $((SECONDS - start)) s)"
		fi
	else
		mkdir -p "$dir"
		for f in $committed; do
			handwritten "$(basename "$f")" || [ -f "$out/$f" ] || rm "$dir/$f"
		done
		cp -r "$out/." "$dir/"
		echo "regen-results: wrote $dir ($(echo "$produced" | wc -w) files, $((SECONDS - start)) s)"
	fi
done
exit $status
