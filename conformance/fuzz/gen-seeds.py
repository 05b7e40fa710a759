#!/usr/bin/env python3
"""gen-seeds.py - write the limit seeds of the fuzz corpus to seeds/.

Hand-made inputs at and just past every limit of the format (groups,
tasks, instances, phases, depth, CPUs, line length, description length,
UTF-8 at the description's end), which random mutation would hardly reach.
Re-run after a limit in scenario.h changes; the files are committed.
"""
import os

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "seeds")
os.makedirs(out, exist_ok=True)


def write(name, lines):
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


head = ["# limit seed", "cpus 64", "measure 1s", ""]

for n, tag in ((512, "max"), (513, "over")):
    g = ["group G%d weight=%d" % (i, 1 + i % 10000) for i in range(n)]
    write("groups-%s.scn" % tag, head + g + ["task t group=G0"])

for n, tag in ((256, "max"), (257, "over")):
    g = ["group G%d" % i for i in range(n)]
    t = ["task t%d group=G%d count=4" % (i, i) for i in range(n)]
    write("tasks-%s.scn" % tag, head + g + t)

t = ["task t%d group=A count=64" % i for i in range(16)]
write("instances-max.scn", head + ["group A"] + t)
write("instances-over.scn", head + ["group A"] + t + ["task x group=A"])

for n, tag in ((64, "max"), (65, "over")):
    ph = ["at %dms weight A %d" % (10 * (i + 1), 1 + i) for i in range(n)]
    write("phases-%s.scn" % tag,
          head + ["group A", "task a group=A"] + ph)

for d, tag in ((8, "max"), (9, "over")):
    g = ["group " + "/".join("L%d" % j for j in range(i + 1))
         for i in range(d)]
    write("depth-%s.scn" % tag,
          head + g + ["task t group=" + "/".join("L%d" % j for j in range(d))])

write("cpus-64.scn", head + [
    "group A cpuset=0-63", "group A/B cpuset=32-63",
    "task t group=A/B cpus=63 count=64",
    "at 1s affinity t 32-62", "at 1s offline 63", "at 2s online 63"])

body = ["group A", "task t group=A"]
write("line-1023.scn", ["#" + "x" * 1022] + head + body)
write("line-1024.scn", ["#" + "x" * 1023] + head + body)

desc = ["# " + "\u00e9" * 300 for _ in range(4)]
write("desc-utf8-boundary.scn", desc + head + body)
desc = ["# " + "a" * (1015 - i) + "\u20ac" for i in range(4)]
write("desc-utf8-cut.scn", desc + head + body)

e = ["group G%d weight=%d" % (i, i + 1) for i in range(16)]
e += ["task t%d group=G%d" % (i, i) for i in range(16)]
e += ["expect G%d %d/136" % (i, i + 1) for i in range(16)]
write("expect-sum-1.scn", head + e)
write("expect-over-1.scn", head + e[:-1] + ["expect G15 17/136"])

v1 = ["# limit seed", "cpus 2", "hierarchy v1", "",
      "group A shares=262144", "group A/B shares=2",
      "task a group=A", "task b group=A/B count=64",
      "at 1s weight A/B 262144", "at 1s max A 1ms/1s",
      "at 1s stop a", "at 2s cont a", "at 2s move b A"]
write("v1-extremes.scn", v1)

# Topology: per-CPU tasks at the task limit at N=64, "last" everywhere,
# formulas of N at the nesting limit.
top = ["# limit seed", "cpus 64+", "measure 1s", "",
       "group A cpuset=0-last", "group A/B cpuset=0-last"]
t = ["task e%d group=A/B each=*" % i for i in range(4)]
write("topology-each-max.scn", top + t + ["at 1s stop e0@last"])
write("topology-each-over.scn", top + t + ["task x group=A/B cpus=last"])
write("topology-formulas.scn", [
    "# limit seed", "cpus 1-8", "", "group A", "group B", "group C",
    "task a group=A each=*", "task b group=B cpus=0", "task c group=C count=2",
    "expect A " + "(" * 16 + "N" + ")" * 16 + "/(N*2)",
    "expect B 3/(4*(N+3))", "expect C (N-1)/(8*N)+0.125*1/N-0.125/N"])
write("topology-formula-over.scn", [
    "# limit seed", "cpus 2+", "", "group A", "task a group=A each=0,last",
    "expect A " + "(" * 17 + "N" + ")" * 17 + "/N/2"])
write("topology-last.scn", [
    "# limit seed", "cpus 2-64", "", "group A cpuset=last,0",
    "group B", "task a group=A cpus=0-last", "task b group=B each=last",
    "every 100ms affinity a 0 last 0,last",
    "at 1s affinity a last", "at 2s stop b@last", "at 3s cont b@last"])
