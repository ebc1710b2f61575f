# Independent reference for the MPS gap table (spec A.9/A.10): Algorithm 1
# with SciPy SLSQP for every RRS (two starts each), fluid evaluation, mean
# gap to the optimum over the integer grid. Run: /usr/bin/python3 mps_reference.py
# Output of the run quoted in mps_test.go (SciPy 1.x, Debian):
#   S1 0.5750(61) 0.5750(61) 0.0000(1)
#   S2 3.1349(101) 3.9175(61) 1.9800(41)
#   S3 0.5750(61) 0.5750(61) 0.0000(1)   <- SLSQP fails on S3's last stage (40 users
#                                           on exactly 40 free places, Σm_i = 1)
#   S4 0.0993(101) 0.0598(61) 0.1555(41)
# (columns: [300,400], [300,360], [360,400]; feasible points in brackets).
import numpy as np
from scipy.optimize import minimize
phi=np.array([.3,.25,.2,.15,.1]); lam0=np.array([.8,.8,.84,.86,.88]); B0=np.array([110.,90,90,80,70]); iota=0.002
D=np.array([[10+15*abs(i-j) for j in range(5)] for i in range(5)])
def rrs(N, lam, B):
    m=np.minimum((1-lam)/iota,B)/N
    def U(f):
        f=f.reshape(5,5); n=N*phi[None,:]*f; x=n.sum(1); g=100*(lam+iota*x)+5
        return (n*(1-0.004*(g[:,None]+D))).sum()
    cons=[{'type':'eq','fun':lambda f,j=j: f.reshape(5,5)[:,j].sum()-1} for j in range(5)]
    cons+=[{'type':'ineq','fun':lambda f,i=i: m[i]-(phi*f.reshape(5,5)[i]).sum()} for i in range(5)]
    best=None
    for x0 in [np.eye(5).ravel()*0.9+0.02, np.full(25,0.2)]:
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
opt={N:rrs(N,lam0,B0)[1] for N in range(300,401)}
for k,st in pols.items():
    out=[]
    for a,b in [(300,400),(300,360),(360,400)]:
        g=[opt[N]-ev(st,N)[0] for N in range(a,b+1) if ev(st,N)[1]]
        out.append("%.4f(%d)"%(np.mean(g) if g else float('nan'),len(g)))
    print(k,*out)
