#!/usr/bin/env bash
# Submits a sweep to Slurm as an array job (sweep.sbatch, one shard per
# task) and the merge that depends on it (merge.sbatch), after building the
# solve binary once, so that every task runs the same program version.
#
# Usage: scripts/slurm/submit.sh [-n TASKS] [-o OUTDIR] [-c CPUS] [--wait] [-- COMMAND FLAGS...]
#   -n TASKS   array size, i.e. number of shards (default 20)
#   -o OUTDIR  records, logs, the binary and the merged output (default
#              out/rmts-paper); must be on a file system every node sees
#   -c CPUS    CPUs per array task, passed on as --workers (default 1)
#   --wait     return when the merge has finished, with its exit status
#   COMMAND FLAGS  the sweep (default: the RMTS paper sweep of
#              benchmarks/rmts-paper: rmts --input examples/rmts-paper.json
#              --sweep xi=36:44 --alpha 0.3,0.5,0.7 --runs 20)
# Environment: SOLVE=path uses that prebuilt binary instead of building
# OUTDIR/bin/solve; sbatch's own SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_TIMELIMIT etc. apply to both jobs.
#
# The merge writes OUTDIR/table.txt, OUTDIR/sweep.json and, for rmts and
# tpd, OUTDIR/sweep.csv and the figures in OUTDIR/figures (mps:
# OUTDIR/sweep.csv and OUTDIR/profit.png).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/slurm
tasks=20
out=out/rmts-paper
cpus=1
wait=0
die() {
	echo "submit.sh: $*" >&2
	exit 2
}
while (($#)); do
	case $1 in
	-n) tasks=${2:?-n needs a number}; shift 2 ;;
	-o) out=${2:?-o needs a directory}; shift 2 ;;
	-c) cpus=${2:?-c needs a number}; shift 2 ;;
	--wait) wait=1; shift ;;
	--) shift; break ;;
	*) die "unknown argument $1 (see the usage at the top of $0)" ;;
	esac
done
if ! [[ $tasks =~ ^[1-9][0-9]*$ ]] || ((tasks > 10000)); then
	die "-n $tasks: the number of tasks must be an integer in [1, 10000]"
fi
[[ $cpus =~ ^[1-9][0-9]*$ ]] || die "-c $cpus: the CPUs per task must be a positive integer"
if (($# == 0)); then
	set -- rmts --input "$root/examples/rmts-paper.json" --sweep xi=36:44 --alpha 0.3,0.5,0.7 --runs 20
fi
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node"

mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
shopt -s nullglob
old=("$out"/records-*.jsonl "$out"/records-*.jsonl.gz)
((${#old[@]} == 0)) || die "$out already holds ${#old[@]} record files (${old[0]}, ...): the merge would mix two sweeps; remove them or choose another -o"

if [ -z "${SOLVE:-}" ]; then
	echo "submit.sh: building $out/bin/solve" >&2
	(cd "$root" && go build -ldflags "$(scripts/ldflags.sh)" -o "$out/bin/solve" ./cmd/solve)
	SOLVE=$out/bin/solve
fi
[ -x "$SOLVE" ] || die "SOLVE=$SOLVE is not an executable"
SOLVE=$(cd "$(dirname "$SOLVE")" && pwd)/$(basename "$SOLVE")

case $1 in
rmts | tpd) outflags=(--csv "$out/sweep.csv" --plot "$out/figures") ;;
mps) outflags=(--csv "$out/sweep.csv" --plot "$out/profit.png") ;;
*) outflags=() ;;
esac

export SOLVE OUT=$out
sweep=$(sbatch --parsable --array="0-$((tasks - 1))" --cpus-per-task="$cpus" \
	--output="$out/logs/sweep-%A_%a.out" --export=ALL "$here/sweep.sbatch" "$@")
sweep=${sweep%%;*}
echo "submit.sh: sweep array job $sweep ($tasks tasks): $*" >&2
mergeopts=(--parsable --dependency="afterok:$sweep" --kill-on-invalid-dep=yes
	--output="$out/logs/merge-%j.out" --export=ALL)
if ((wait)); then
	echo "submit.sh: waiting for the merge" >&2
	status=0
	merge=$(sbatch --wait "${mergeopts[@]}" "$here/merge.sbatch" "${outflags[@]}") || status=$?
	merge=${merge%%;*}
	# sbatch --wait exits 0 for a merge cancelled because a sweep task
	# failed, so the merge's final state decides.
	state=$(scontrol show job -o "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
	if ((status == 0)) && [ "$state" != JobState=COMPLETED ]; then
		status=1
	fi
	if ((status)); then
		echo "submit.sh: the sweep or its merge (job $merge, ${state:-state unknown}) failed (exit $status); logs in $out/logs:" >&2
		for f in "$out"/logs/*.out; do
			echo "---- $f ----" >&2
			tail -n 5 "$f" >&2
		done
		exit "$status"
	fi
	echo "submit.sh: merged into $out" >&2
else
	merge=$(sbatch "${mergeopts[@]}" "$here/merge.sbatch" "${outflags[@]}")
	echo "submit.sh: merge job ${merge%%;*} runs after it; results in $out (logs in $out/logs)" >&2
fi
echo "$sweep"
