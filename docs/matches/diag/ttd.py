#!/usr/bin/env python3
"""Time to depth: positions from PDN games, hub engine, fixed depth; prints
per-position time and total.  usage: ttd.py ENGINECMD PDN.gz DEPTH [NGAMES]"""
import gzip, re, subprocess, sys, time
eng, pdn, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
ngames = int(sys.argv[4]) if len(sys.argv) > 4 else 10
text = gzip.open(pdn, 'rt').read()
games = []
for body in re.split(r'\n\[Event', text):
    mv = re.sub(r'\[[^\]]*\]', '', body)
    mv = re.findall(r'\b\d+[-x][\dx]+\b', mv)
    if len(mv) > 70: games.append(mv)
games = games[:ngames]
p = subprocess.Popen(eng, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
def until(w):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit('engine died')
        if l.startswith(w): return l
send('hub'); until('wait'); send('init'); until('ready')
tot = 0.0; nodes = 0
for g in games:
    for ply in (16, 36, 56):
        send('new-game')
        send('pos start moves="%s"' % ' '.join(g[:ply]))
        send('level depth=%d' % depth)
        t = time.time(); send('go think'); until('done'); dt = time.time() - t
        tot += dt
        print('%.3f' % dt, flush=True)
print('total %.2f' % tot)
