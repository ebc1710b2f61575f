# Independent optima for TestReductions: /usr/bin/python3 scipy_cases.py (scipy 1.10.1, HiGHS).
# Each case mirrors the model of the same letter order in presolve_test.go.
from scipy.optimize import linprog
import numpy as np
inf=np.inf
def solve(name,c,A,lo,hi,bounds,maxim=False,off=0):
    # rows lo<=Ax<=hi -> A_ub
    Aub=[];bub=[];Aeq=[];beq=[]
    for a,l,h in zip(A,lo,hi):
        if l==h: Aeq.append(a);beq.append(l);continue
        if h<inf: Aub.append(a);bub.append(h)
        if l>-inf: Aub.append([-v for v in a]);bub.append(-l)
    cc=[-v for v in c] if maxim else c
    r=linprog(cc,A_ub=Aub or None,b_ub=bub or None,A_eq=Aeq or None,b_eq=beq or None,bounds=bounds,method='highs')
    if r.status==0:
        obj=(-r.fun if maxim else r.fun)+off
        print(name,r.status,obj,r.x)
    else: print(name,r.status,r.message)
solve("A",[2,1],[[1,1],[2,0]],[4,3],[inf,inf],[(0,10),(0,10)])
solve("B",[1,1],[[1,2],[-1,0]],[-inf,-2],[6,inf],[(0,None),(0,None)],maxim=True)
solve("C",[1,2,3],[[1,1,1]],[3],[inf],[(0,5),(0,5),(1,1)])
solve("F",[1,-1,2],[[1,1,0]],[-inf],[4],[(0,None),(0,None),(0,3)],maxim=True)
solve("G",[-1,-1],[[1,2],[-2,-4]],[-inf,-6],[4,inf],[(0,2),(0,2)])
solve("H",[0,0],[[1,1],[2,2]],[-inf,4],[1,inf],[(None,None),(None,None)])
solve("I",[1,1,1],[[1,1,0],[1,0,1]],[-inf,1],[0,inf],[(0,5),(0,5),(0,10)])
solve("J",[-1,-1],[[1,1],[1,-1]],[-inf,-inf],[10,1],[(0,3),(0,3)])
solve("K",[1,1],[[1,1]],[7],[inf],[(0,3),(0,3)])
solve("L",[1,2,1],[[1,1,0],[0,1,1]],[2,-inf],[inf,3],[(0,1),(0,4),(0,4)])
solve("M",[3,1],[[1,1]],[-inf],[4],[(1,1),(0,None)],maxim=True,off=5)
solve("N",[1,1,2],[[1,1,-1],[1,1,0]],[1,2],[1,inf],[(0,3),(0,3),(None,None)])
solve("O",[1,1,-1],[[1,1,1],[1,-1,0]],[-inf,-1],[4,inf],[(0,3),(0,3),(None,None)])
