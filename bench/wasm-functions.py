# Code-section bytes per function group of a wasm module linked with
# --profiling-funcs (bench/notes.md, "Where the bytes are"). Usage:
#   python3 bench/wasm-functions.py MODULE.wasm          bytes per group, raw
#                                                        and gzipped (each
#                                                        group's bodies alone,
#                                                        so the gzip column sums
#                                                        to more than the module)
#   python3 bench/wasm-functions.py MODULE.wasm top 40   the 40 largest functions
import sys, struct, subprocess, collections, re, gzip
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1; r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
def parse(path):
    b = open(path, 'rb').read(); i = 8; nimports = 0; sizes = []; names = {}
    while i < len(b):
        sid = b[i]; i += 1; n, i = leb(b, i); end = i + n
        if sid == 2:
            cnt, j = leb(b, i)
            for _ in range(cnt):
                l, j = leb(b, j); j += l; l, j = leb(b, j); j += l
                kind = b[j]; j += 1
                if kind == 0: _, j = leb(b, j); nimports += 1
                elif kind == 1: j += 1; fl, j = leb(b, j); _, j = leb(b, j); j = leb(b, j)[1] if fl & 1 else j
                elif kind == 2: fl, j = leb(b, j); _, j = leb(b, j); j = leb(b, j)[1] if fl & 1 else j
                elif kind == 3: j += 2
                elif kind == 4: j += 1; _, j = leb(b, j)
        elif sid == 10:
            cnt, j = leb(b, i)
            for _ in range(cnt):
                sz, k = leb(b, j); sizes.append((sz + (k - j), b[k:k + sz])); j = k + sz
        elif sid == 0:
            l, j = leb(b, i); nm = b[j:j+l].decode(); j += l
            if nm == 'name':
                while j < end:
                    sub = b[j]; j += 1; sl, j = leb(b, j); se = j + sl
                    if sub == 1:
                        cnt, k = leb(b, j)
                        for _ in range(cnt):
                            idx, k = leb(b, k); l2, k = leb(b, k); names[idx] = b[k:k+l2].decode('utf-8', 'replace'); k += l2
                    j = se
        i = end
    out = []
    for n, (sz, body) in enumerate(sizes):
        out.append((names.get(n + nimports, f'f{n}'), sz, body))
    return out
funcs = parse(sys.argv[1])
dem = subprocess.run(['c++filt'], input='\n'.join(n for n, _, _ in funcs), capture_output=True, text=True).stdout.split('\n')
funcs = [(dem[k] if k < len(dem) and dem[k] else n, s, body) for k, (n, s, body) in enumerate(funcs)]
if len(sys.argv) > 2 and sys.argv[2] == 'top':
    for n, s, _ in sorted(funcs, key=lambda x: -x[1])[:int(sys.argv[3])]: print(s, n[:220])
    sys.exit()
groups = [('tc::lang', r'tc::lang::'), ('tc::syntax', r'tc::syntax::'), ('run_binary<T>', r'run_binary'), ('unary', r'unary'),
  ('reductions', r'reduc|cascade|sum_|Sum|mean|prod|argm|min_max|var'), ('copy_into', r'copy_into|x_cast|convert'), ('run_compare', r'run_compare|compare'),
  ('run_bitwise', r'bitwise'), ('clamp', r'clamp'), ('autograd', r'autograd|backward|Backward'), ('matmul/gemm', r'gemm|matmul'), ('where', r'where'),
  ('softmax', r'softmax|logsumexp'), ('parallel', r'parallel|split_plan|Pool'), ('libc++', r'^std::|^void std::|__2::'), ('embind', r'emscripten::|embind'),
  ('other', r'.')]
tot = collections.Counter()
bodies = collections.defaultdict(list)
for n, s, body in funcs:
    for g, rx in groups:
        if re.search(rx, n): tot[g] += s; bodies[g].append(body); break
gz = {g: len(gzip.compress(b''.join(bodies[g]), 9)) for g, _ in groups}
print(f'{"group":14} {"raw":>10} {"gzip":>9}')
for g, _ in groups: print(f'{g:14} {tot[g]:>10,} {gz[g]:>9,}')
print(f'{"total":14} {sum(tot.values()):>10,} {len(gzip.compress(b"".join(x for _, _, x in funcs), 9)):>9,} (all bodies together)')
