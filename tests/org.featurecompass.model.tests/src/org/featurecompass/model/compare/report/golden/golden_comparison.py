"""The statistics of ComparisonReportGoldenTest's hand-made comparison, derived exactly.

Three executions per group; inclusive time per execution of each context (ns), absent = 0:

    context              A                      B
    main                 29000 38000 47000      72000 63000 54000
    main/<script>...     4000 7000 10000        13400 16400 19400
    main/g               2000 5000 8000         9000 6000 3000
    main/+only-in-B      0 0 0                  35000 23000 11000

Every sample is {m - d, m, m + d} (in some order), so its variance is d^2 and, when both groups
have the same d, Welch's degrees of freedom are exactly 2(n - 1) = 4; a group that is all zeros
(+only-in-B in A) leaves n_B - 1 = 2. For these the t distribution has closed forms (Student's t
with nu = 2 and nu = 4): with s = |t| / sqrt(t^2 + nu),
    nu = 2: p = 1 - s;    nu = 4: p = 1 - s (3 - s^2) / 2.
The means were chosen so that s is rational (t^2 = 4 a^2 / (b^2 - a^2) with b^2 - a^2 = 6 m^2), so
every p is a fraction and the Benjamini-Hochberg q-values are fractions too:
    main: d = 9000, delta = 25000, s = 25/29, p = 664/24389
    <script>: d = 3000, delta = 9400, s = 47/53, p = 2754/148877
    g: d = 3000, delta = 1000, s = 1/5, p = 88/125
    +only-in-B: B's d = 12000, delta = 23000, s = 23/25, p = 2/25 (nu = 2)
The root (all) equals main. This script recomputes all of it from the samples with exact
arithmetic (fractions; square roots to 50 digits), prints every CSV number with its 15
significant digits and, given the golden CSV, checks each of its numbers. It uses nothing of
Feature Compass, SciPy or Apache Commons.
"""
import csv
import sys
from math import isqrt
from decimal import ROUND_HALF_EVEN, Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 50

A = {'main': [29000, 38000, 47000], 'script': [4000, 7000, 10000], 'g': [2000, 5000, 8000], 'only': [0, 0, 0]}
B = {'main': [72000, 63000, 54000], 'script': [13400, 16400, 19400], 'g': [9000, 6000, 3000], 'only': [35000, 23000, 11000]}
ORDER = ['all', 'main', 'script', 'g', 'only']


def mean(x):
    return F(sum(x), len(x))


def var(x):
    m = mean(x)
    return sum((F(v) - m) ** 2 for v in x) / (len(x) - 1)


def sqrt(q):
    return Decimal(q.numerator).sqrt() / Decimal(q.denominator).sqrt() if q.denominator != 1 else Decimal(q.numerator).sqrt()


def is_square(q):
    return isqrt(q.numerator) ** 2 == q.numerator and isqrt(q.denominator) ** 2 == q.denominator


def welch(a, b):
    va, vb = var(a) / len(a), var(b) / len(b)
    t2 = (mean(b) - mean(a)) ** 2 / (va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    s2 = t2 / (t2 + df)  # s^2, rational
    if not is_square(s2):
        sys.exit('s is not rational: %s' % s2)
    s = F(isqrt(s2.numerator), isqrt(s2.denominator))
    if df == 2:
        p = 1 - s
    elif df == 4:
        p = 1 - s * (3 - s * s) / 2
    else:
        sys.exit('df %s has no closed form here' % df)
    t = sqrt(t2) * (1 if mean(b) >= mean(a) else -1)
    return t, df, p


A['all'] = A['main']
B['all'] = B['main']
rows = {}
for c in ORDER:
    t, df, p = welch(A[c], B[c])
    ma, mb = mean(A[c]), mean(B[c])
    rows[c] = dict(mean_a_ns=ma, mean_b_ns=mb, sd_a_ns=sqrt(var(A[c])), sd_b_ns=sqrt(var(B[c])), difference_ns=mb - ma,
                   relative=(mb - ma) / max(ma, mb), statistic=t, df=df, p=p)
# Benjamini-Hochberg over the five tested contexts (the root included): q of the i-th smallest p
# is min over j >= i of p(j) m / j.
ps = sorted((rows[c]['p'], c) for c in ORDER)
m = len(ps)
running = F(1)
for rank in range(m, 0, -1):
    running = min(running, ps[rank - 1][0] * m / rank)
    rows[ps[rank - 1][1]]['q'] = running
for c in ORDER:  # tied p-values share the smallest q of the tie
    for other in ORDER:
        if rows[other]['p'] == rows[c]['p']:
            rows[c]['q'] = min(rows[c]['q'], rows[other]['q'])


def digits15(x):
    """The reports' number rule: integral values below 1e15 as integers, else 15 significant digits
    (rounded half-even) without trailing zeros."""
    d = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, F) else Decimal(x)
    if d == d.to_integral_value():
        return str(int(d))
    q = d.quantize(Decimal(1).scaleb(d.adjusted() - 14), rounding=ROUND_HALF_EVEN)
    return format(q.normalize(), 'f')


for c in ORDER:
    print(c, ' '.join('%s=%s' % (k, digits15(v)) for k, v in rows[c].items()))

if len(sys.argv) > 1:
    names = {'main': 'main', '<script>alert("a,b;c|\u00e9")</script>': 'script', 'g': 'g', '+only-in-B': 'only'}
    with open(sys.argv[1], encoding='utf-8', newline='') as f:
        records = list(csv.DictReader(f))
    if len(records) != 4:
        sys.exit('golden CSV: %d records' % len(records))
    for r in records:
        frame = r['frame'][1:] if r['frame'].startswith("'") else r['frame']
        row = rows[names[frame]]
        for column, value in row.items():
            if digits15(value) != r[column]:
                sys.exit('golden CSV %s %s: %s, exact %s' % (frame, column, r[column], digits15(value)))
    print('ok golden CSV')
