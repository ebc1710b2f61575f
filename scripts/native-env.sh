# Environment for building the cgo backends (-tags clp,lpsolve); source it.
# golp includes <lp_lib.h> without the lpsolve/ prefix Debian installs it under.
export CGO_CFLAGS="${CGO_CFLAGS:-} -I/usr/include/lpsolve"
