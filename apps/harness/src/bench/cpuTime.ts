// CPU time of a process (user + system), from /proc on Linux, so a throughput figure can say
// whether the server or the benchmark's own client was the busy side.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by process `pid` (this process by default); undefined off Linux. */
export function cpuMs(pid: number = process.pid): number | undefined {
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
