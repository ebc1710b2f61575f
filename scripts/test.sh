#!/usr/bin/env bash
# Installs what the tests need (Debian packages for the native backends, Go
# modules through the proxy), then runs every test: the pure-Go build, and the
# packages with native backends again with -tags clp,lpsolve.
#
# Usage: scripts/test.sh [extra go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: CLP and lp_solve libraries for the cgo backends, and the
# command-line solvers used as independent references by tests and benchmarks.
pkgs=(pkg-config coinor-libclp-dev coinor-clp coinor-cbc glpk-utils liblpsolve55-dev lp-solve)
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
go vet ./...

# Pure Go: every package, no C libraries involved.
go test "$@" ./...

# Native backends: the packages that have files behind the clp or lpsolve tags.
. scripts/native-env.sh
tagged=$(grep -rl --include='*.go' -E '^//go:build .*(clp|lpsolve)' . | xargs -r -n1 dirname | sort -u)
if [ -n "$tagged" ]; then
	go vet -tags clp,lpsolve $tagged
	go test -tags clp,lpsolve "$@" $tagged
fi
