"""Reference solve of an exported RRS QP with cvxopt (python3-cvxopt).

Reads the lifted QP written by rrsscale,
    min  1/2 sum_k d_k t_k^2 - c'x   s.t.  G x <= h,  E x = e,  u_k'x - t_k = 0,  x >= 0,
solves it with cvxopt.solvers.qp (sparse matrices, default KKT solver) and
prints one JSON line: {"seconds": solve time, "profit": -objective, "status": ...}.
"""
import json
import sys
import time

from cvxopt import matrix, solvers, spmatrix

doc = json.load(open(sys.argv[1]))
n, K = doc["n"], len(doc["d"])
nv = n + K
P = spmatrix(doc["d"], [n + k for k in range(K)], [n + k for k in range(K)], (nv, nv))
q = matrix([-c for c in doc["c"]] + [0.0] * K)
mg = len(doc["h"])
gi = doc["g"]["I"] + [mg + j for j in range(n)]
gj = doc["g"]["J"] + list(range(n))
gv = doc["g"]["V"] + [-1.0] * n
G = spmatrix(gv, gi, gj, (mg + n, nv))
h = matrix(doc["h"] + [0.0] * n)
me = len(doc["b"])
ai = doc["e"]["I"] + [me + k for k in doc["u"]["I"]] + [me + k for k in range(K)]
aj = doc["e"]["J"] + doc["u"]["J"] + [n + k for k in range(K)]
av = doc["e"]["V"] + doc["u"]["V"] + [-1.0] * K
A = spmatrix(av, ai, aj, (me + K, nv))
b = matrix(doc["b"] + [0.0] * K)
solvers.options["show_progress"] = False
start = time.perf_counter()
sol = solvers.qp(P, q, G, h, A, b)
elapsed = time.perf_counter() - start
print(json.dumps({"seconds": elapsed, "profit": -sol["primal objective"], "status": sol["status"]}))
