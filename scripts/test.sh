#!/usr/bin/env bash
# Installs what the tests need (Debian packages for the native backends, Go
# modules and staticcheck through the proxy), then runs every check: gofmt,
# go vet and staticcheck, the pure-Go tests, the packages with native
# backends again with -tags clp,lpsolve,cbc, and whether the quick committed
# results under benchmarks/ are what the code writes now. Every group runs even when an
# earlier one fails; the script ends with what ran, what was skipped and
# why, and exits non-zero if any group failed.
#
# Tests that need the shared NETLIB/MIPLIB instances skip when the folder is
# not found; STREAMOPT_REQUIRE_SHARED=1 (set by .ci/run) makes that a failure.
# STREAMOPT_SLURM_TEST=1 (set by .ci/run) also installs slurm-wlm, munge and
# python3-yaml and runs scripts/slurm/ci-test.sh (as root) as the group
# "slurm".
#
# Usage: scripts/test.sh [extra go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: CLP, CBC and lp_solve libraries for the cgo backends, and
# the command-line solvers used as independent references by tests and
# benchmarks.
pkgs=(pkg-config coinor-libclp-dev coinor-libcbc-dev coinor-clp coinor-cbc glpk-utils liblpsolve55-dev lp-solve)
# The scale-out recipes (STREAMOPT_SLURM_TEST=1): the slurm group starts a
# one-node cluster; the k8s manifests are checked with PyYAML.
[ "${STREAMOPT_SLURM_TEST:-}" != 1 ] || pkgs+=(slurm-wlm munge python3-yaml)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
	echo "scripts/test.sh: installing ${missing[*]}" >&2
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

go mod download
staticcheck_version=v0.8.2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/testsummary" ./scripts/testsummary
module=$(go list -m)

# From here on a failing group is recorded and the next one still runs.
set +e
failed=0
groups=()
# record NAME STATUS [NOTE]: remember how a group ended.
record() {
	local what=passed
	if [ "$2" -ne 0 ]; then
		what="FAILED (exit $2)"
		failed=1
	fi
	groups+=("$(printf '%-28s %s%s' "$1" "$what" "${3:+  $3}")")
}
# gotest LABEL ARGS...: go test -json ARGS, shown as plain go test would be.
gotest() {
	local label=$1
	shift
	go test -json "$@" | "$tmp/testsummary" -label "$label" -tally "$tmp/tally"
	record "$label tests" "${PIPESTATUS[0]}"
}

unformatted=$(gofmt -l . 2>&1)
[ -z "$unformatted" ] || printf 'gofmt -l lists:\n%s\n' "$unformatted"
record gofmt "$([ -z "$unformatted" ]; echo $?)"

go vet ./...
record "go vet" $?

GOBIN="$tmp/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
if [ $? -eq 0 ]; then
	"$tmp/bin/staticcheck" ./...
	record staticcheck $?
else
	record staticcheck 1 "could not install staticcheck@$staticcheck_version"
fi

# Pure Go: every package, no C libraries involved.
gotest pure-Go "$@" ./...

# Native backends: the packages that have files behind the clp, lpsolve or cbc tags.
. scripts/native-env.sh
tagged=$(grep -rl --include='*.go' -E '^//go:build .*(clp|lpsolve|cbc)' . | xargs -r -n1 dirname | sort -u)
if [ -n "$tagged" ]; then
	go vet -tags clp,lpsolve,cbc $tagged
	record "go vet (clp,lpsolve,cbc)" $?
	if [ -x "$tmp/bin/staticcheck" ]; then
		"$tmp/bin/staticcheck" -tags clp,lpsolve,cbc ./...
		record "staticcheck (clp,lpsolve,cbc)" $?
	fi
	gotest native -tags clp,lpsolve,cbc "$@" $tagged
else
	groups+=("$(printf '%-28s %s' "native tests" "skipped: no package has files behind the clp, lpsolve or cbc tags")")
fi

# Slurm: a small sweep as a 4-task array job plus its merge on a one-node
# cluster started here, compared byte for byte with the single-process run.
# It needs root and starts daemons, so it runs only when asked (.ci/run).
if [ "${STREAMOPT_SLURM_TEST:-}" = 1 ]; then
	slurm_start=$SECONDS
	scripts/slurm/ci-test.sh
	record slurm $? "wall $((SECONDS - slurm_start)) s"
else
	groups+=("$(printf '%-28s %s' slurm "skipped: STREAMOPT_SLURM_TEST is not 1 (scripts/slurm/ci-test.sh starts a Slurm cluster as root; .ci/run sets it)")")
fi

# The Kubernetes manifests are not run anywhere; check that they parse and
# that their shard count, completions and record names agree.
if python3 -c 'import yaml' 2>/dev/null; then
	scripts/k8s/check.py
	record "k8s manifests" $?
else
	groups+=("$(printf '%-28s %s' "k8s manifests" "skipped: python3 with PyYAML not found (Debian python3-yaml; installed when STREAMOPT_SLURM_TEST=1)")")
fi

# The committed results that take seconds must be what the code writes now
# (scripts/regen-results.sh regenerates them; the long sweeps are checked
# with scripts/regen-results.sh --check, not here).
scripts/regen-results.sh --check --quick
record "committed results (quick)" $?

echo
echo "== scripts/test.sh: what ran =="
printf '%s\n' "${groups[@]}"
[ -f "$tmp/tally" ] && "$tmp/testsummary" -report "$tmp/tally" -trim "$module/"
exit $failed
