#!/usr/bin/env bash
# Prints the -ldflags value that stamps the commit of this checkout into a
# build of cmd/solve (package internal/version), so that `solve --version`,
# the JSON answers' "program" and the record files name the commit even
# where go build cannot stamp it itself (no git at build time, -buildvcs=false,
# a copied tree):
#
#   go build -ldflags "$(scripts/ldflags.sh)" -o bin/solve ./cmd/solve
#
# The commit gets "-dirty" when the work tree has changes (as go build's own
# vcs.modified stamp). Outside a git checkout it prints nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if rev=$(git rev-parse HEAD 2>/dev/null); then
	if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
		rev+=-dirty
	fi
	echo "-X github.com/streamopt/streamopt/internal/version.commit=$rev"
fi
