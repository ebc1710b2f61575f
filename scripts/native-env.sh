# Environment for building the cgo backends (-tags clp,lpsolve,cbc); source it.
# golp includes <lp_lib.h>, which Debian installs under /usr/include/lpsolve;
# setting CGO_CFLAGS replaces Go's default "-O2 -g", so keep it.
export CGO_CFLAGS="${CGO_CFLAGS:--O2 -g} -I/usr/include/lpsolve"
