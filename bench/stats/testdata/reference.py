# Reference values for bench/stats/reference_test.go, computed apart from the
# Go code: the logistic GSPRT as fishtest publishes it (LLRcalc.py: the
# maximum-likelihood distribution with a given mean, found on the secular
# equation; counts regularised to at least 1e-3; LLR = N * sum p log(p1/p0))
# and the Elo error bar (mean score +- 1.96 standard errors, mapped to Elo,
# halved). Run: python3 bench/stats/testdata/reference.py
import math
def L(elo): return 1/(1+10**(-elo/400))
def Linv(s): return -400*math.log10(1/s-1)
def mle(pdf, s):
    # secular: sum p (a-s)/(1 + x (a-s)) = 0, x in (-1/(amax-s), -1/(amin-s))
    lo, hi = -1/(1-s)+1e-15, 1/s-1e-15
    for _ in range(300):
        mid=(lo+hi)/2
        f=sum(p*(a-s)/(1+mid*(a-s)) for a,p in pdf)
        if f>0: lo=mid
        else: hi=mid
    x=(lo+hi)/2
    return [(a, p/(1+x*(a-s))) for a,p in pdf]
def llr(counts, values, elo0, elo1):
    eps=1e-3
    c=[max(eps,float(x)) for x in counts]
    N=sum(counts)
    tot=sum(c)
    pdf=[(v, x/tot) for v,x in zip(values,c)]
    s0,s1=L(elo0),L(elo1)
    p0=mle(pdf,s0); p1=mle(pdf,s1)
    return N*sum(p*(math.log(q1)-math.log(q0)) for (a,p),(_,q0),(_,q1) in zip(pdf,p0,p1))
def elo_err(counts, values):
    N=sum(counts)
    mean=sum(c*v for c,v in zip(counts,values))/N
    var=sum(c*(v-mean)**2 for c,v in zip(counts,values))/N
    se=math.sqrt(var/N)
    z=1.959963984540054
    return Linv(mean), (Linv(mean+z*se)-Linv(mean-z*se))/2, mean, var
tri=[0,0.5,1]
pen=[0,0.25,0.5,0.75,1]
for name,counts,vals,e0,e1 in [
 ("tri LDW 1000/1900/1200 [-5,0]", [1000,1900,1200], tri, -5, 0),
 ("tri LDW 2940/4000/3060 [2,7]", [2940,4000,3060], tri, 2, 7),
 ("pen [30,250,600,280,40] [0,5]", [30,250,600,280,40], pen, 0, 5),
 ("pen [30,250,600,280,40] [-3,1]", [30,250,600,280,40], pen, -3, 1),
 ("pen [12,101,230,88,9] [-10,5]", [12,101,230,88,9], pen, -10, 5),
 ("pen [5,10,20,15,10] [0,5]", [5,10,20,15,10], pen, 0, 5),
]:
    print(name, "LLR %.5f"%llr(counts,vals,e0,e1), "elo %.4f +- %.4f mean %.6f var %.6f"%elo_err(counts,vals))
for a,b in [(0.05,0.05),(0.05,0.2),(0.01,0.1)]:
    print(a,b,"bounds %.5f %.5f"%(math.log(b/(1-a)), math.log((1-b)/a)))
