import fs from 'node:fs';

/** Resident memory of every process of a server's process group, in bytes (Linux /proc): the body-size tests' gauge. */
export function serverRss(pid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pid) total += Number(fields[21]) * 4096;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
