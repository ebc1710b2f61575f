#!/usr/bin/env bash
# The Slurm recipe, tested for real: starts a one-node cluster
# (cluster-up.sh) in a fresh temporary directory, builds solve once, runs a
# small RMTS sweep through submit.sh as an array of 4 tasks plus the
# dependent merge, and checks that the merged table, JSON, CSV and figures
# are byte for byte what the single-process run writes. Prints the wall
# time, and always stops the daemons it started and removes its directory.
# If the cluster cannot start it says why and exits 1.
#
# Usage: scripts/slurm/ci-test.sh   (as root; scripts/test.sh runs it as the
# group "slurm" when STREAMOPT_SLURM_TEST=1)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
here=$root/scripts/slurm
say() { echo "ci-test: $*" >&2; }

# The sweep: 2 rates x (2 RMTS weights + 4 other policies) x 4 replications,
# about 5 CPU seconds of simulation, split into 4 shards of 2 units each.
sweep=(rmts --input "$root/examples/rmts-paper.json" --sweep "xi=38,40" --alpha "0.3,0.7" --runs 4)
tasks=4

work=$(mktemp -d "${TMPDIR:-/tmp}/streamopt-slurm-ci.XXXXXX")
cleanup() {
	"$here/cluster-down.sh" "$work/cluster" || true
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
start=$SECONDS

if ! up=$("$here/cluster-up.sh" "$work/cluster"); then
	say "FAIL: the one-node Slurm cluster did not start (why: the lines above)"
	exit 1
fi
eval "$up"
up_secs=$((SECONDS - start))

go build -ldflags "$(scripts/ldflags.sh)" -o "$work/solve" ./cmd/solve

t0=$SECONDS
SOLVE=$work/solve "$here/submit.sh" -n "$tasks" -o "$work/slurm" --wait -- "${sweep[@]}" >/dev/null
slurm_secs=$((SECONDS - t0))

t0=$SECONDS
mkdir -p "$work/single"
"$work/solve" "${sweep[@]}" --progress off --csv "$work/single/sweep.csv" \
	--plot "$work/single/figures" >"$work/single/table.txt"
"$work/solve" "${sweep[@]}" --progress off --format json >"$work/single/sweep.json"
single_secs=$((SECONDS - t0))

records=("$work"/slurm/records-*.jsonl)
((${#records[@]} == tasks)) || {
	say "FAIL: expected $tasks record files, found ${#records[@]}"
	exit 1
}
# Table, JSON and CSV must exist on both sides; figures too, when the
# single-process run draws any.
files=(table.txt sweep.json sweep.csv)
figures=$(cd "$work/single" && find figures -name '*.png' 2>/dev/null | sort)
slurm_figures=$(cd "$work/slurm" && find figures -name '*.png' 2>/dev/null | sort)
if [ "$figures" != "$slurm_figures" ]; then
	say "FAIL: the figures differ: single-process [${figures//$'\n'/ }], Slurm [${slurm_figures//$'\n'/ }]"
	exit 1
fi
for f in $figures; do files+=("$f"); done
for f in "${files[@]}"; do
	[ -s "$work/single/$f" ] || {
		say "FAIL: the single-process run wrote no $f"
		exit 1
	}
done
failed=0
for f in "${files[@]}"; do
	if ! cmp "$work/single/$f" "$work/slurm/$f"; then
		say "FAIL: $f from the Slurm array + merge differs from the single-process run"
		diff "$work/single/$f" "$work/slurm/$f" 2>/dev/null | head -n 10 >&2 || true
		failed=1
	fi
done
if ((failed)); then
	exit 1
fi
say "passed: ${sweep[*]} as $tasks array tasks + merge equals the single-process run byte for byte (${#files[@]} files: ${files[*]})"
say "wall $((SECONDS - start)) s: cluster up ${up_secs} s, Slurm sweep + merge ${slurm_secs} s, single-process run ${single_secs} s"
