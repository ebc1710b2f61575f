# Independent reference for the MPS gap table (spec A.9/A.10): Algorithm 1
# with SciPy SLSQP for every RRS (two starts each), fluid evaluation, mean
# gap to the optimum over the grid N = 300, 300+step, ..., 400.
# Run: /usr/bin/python3 mps_reference.py [step]   (step 1 by default)
# Output of the runs quoted in mps_test.go (SciPy 1.x, Debian):
#  step 1:
#   S1 0.5750(61) 0.5750(61) 0.0000(1)
#   S2 3.1349(101) 3.9175(61) 1.9800(41)
#   S3 0.5750(61) 0.5750(61) 0.0000(1)   <- SLSQP fails on S3's last stage (40 users
#                                           on exactly 40 free places, Σm_i = 1)
#   S4 0.0993(101) 0.0598(61) 0.1555(41)
#  step 5 (the grid of spec A.10's table):
#   S1 0.5587(13) on [300,360]; S2 3.0861(21) 3.9008(13) 1.9573(9);
#   S3 as with step 1 (0.5587, last stage failed); S4 0.0940(21) 0.0552(13) 0.1396(9)
# (columns: [300,400], [300,360], [360,400]; feasible points in brackets).
# It then re-solves S4's last stage from 20 seeded random starts: SLSQP
# reports success on some of them at a point below the optimum (region-5
# users routed back to DC4), which is how S4's gap on [360,400] becomes
# 0.18-0.27 instead of 0.140 (spec A.10 quotes 0.236); the step-5 run prints
#   start 10: last-stage profit 16.4713, S4 gap at 400 0.089, mean ... 0.184
#   start 17: last-stage profit 16.3091, S4 gap at 400 0.251, mean ... 0.265
# against the optimal last-stage profit 16.5600.
import numpy as np
from scipy.optimize import minimize
phi=np.array([.3,.25,.2,.15,.1]); lam0=np.array([.8,.8,.84,.86,.88]); B0=np.array([110.,90,90,80,70]); iota=0.002
D=np.array([[10+15*abs(i-j) for j in range(5)] for i in range(5)])
def rrs(N, lam, B, starts=None):
    m=np.minimum((1-lam)/iota,B)/N
    def U(f):
        f=f.reshape(5,5); n=N*phi[None,:]*f; x=n.sum(1); g=100*(lam+iota*x)+5
        return (n*(1-0.004*(g[:,None]+D))).sum()
    cons=[{'type':'eq','fun':lambda f,j=j: f.reshape(5,5)[:,j].sum()-1} for j in range(5)]
    cons+=[{'type':'ineq','fun':lambda f,i=i: m[i]-(phi*f.reshape(5,5)[i]).sum()} for i in range(5)]
    best=None
    for x0 in starts or [np.eye(5).ravel()*0.9+0.02, np.full(25,0.2)]:
        r=minimize(lambda f:-U(f), x0, constraints=cons, bounds=[(0,1)]*25, method='SLSQP', options={'ftol':1e-13,'maxiter':2000})
        if best is None or r.fun<best.fun: best=r
    return best.x.reshape(5,5), -best.fun
def plan(P):
    if len(P)==1:
        return [(0,np.inf,rrs(P[0],lam0,B0)[0])]
    rc=1-lam0; rb=B0.copy(); st=[]; fr=0
    for q in range(1,len(P)):
        Nq=P[1] if q==1 else P[q]-P[q-1]
        F,_=rrs(Nq,1-rc,rb)
        x=Nq*(phi[None,:]*F).sum(1); rc=rc-iota*x; rb=rb-x
        st.append((fr, P[q] if q<len(P)-1 else np.inf, F)); fr=P[q]
    return st
def ev(st,N):
    n=np.zeros((5,5))
    for a,b,F in st:
        span=max(0,min(b,N)-a); n+=phi[None,:]*F*span
    x=n.sum(1); th=lam0+iota*x; g=100*th+5
    feas=np.all(th<=1+TH) and np.all(x<=B0+TU)
    return (n*(1-0.004*(g[:,None]+D))).sum(), feas
TH,TU=1e-4,1e-2
pols={'S1':plan([360]),'S2':plan([400]),'S3':plan([300,360,400]),'S4':plan([300,330,360,400])}
import sys
step=int(sys.argv[1]) if len(sys.argv)>1 else 1
opt={N:rrs(N,lam0,B0)[1] for N in range(300,401,step)}
for k,st in pols.items():
    out=[]
    for a,b in [(300,400),(300,360),(360,400)]:
        g=[opt[N]-ev(st,N)[0] for N in range(a,b+1,step) if ev(st,N)[1]]
        out.append("%.4f(%d)"%(np.mean(g) if g else float('nan'),len(g)))
    print(k,*out)

# S4's last stage from random starts (resources left after its stages 1-2).
s4=pols['S4']; x=330*(phi[None,:]*s4[0][2]).sum(1)+30*(phi[None,:]*s4[1][2]).sum(1)
rng=np.random.default_rng(1); grid=range(360,401,5)
for k in range(20):
    F,u=rrs(40,lam0+iota*x,B0-x,starts=[rng.random(25)])
    st=s4[:2]+[(360,np.inf,F)]
    g=[rrs(N,lam0,B0)[1]-ev(st,N)[0] for N in grid]
    if g[-1]>1e-3: print("start %d: last-stage profit %.4f, S4 gap at 400 %.3f, mean on [360,400] step 5 %.3f"%(k,u,g[-1],np.mean(g)))
