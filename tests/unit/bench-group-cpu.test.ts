import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { groupCpuSeconds } from '../../scripts/bench/processes';

// The bench's CPU per request (scripts/bench/run.ts) counts a server's whole process group from /proc.
describe('groupCpuSeconds', () => {
  it('counts the CPU a detached process group used, and nothing of the groups outside it', async () => {
    // A child in its own group that spins until it has used 400 ms of CPU (not of wall time: on a loaded machine 400 ms
    // of wall time were 0.2 s of CPU) and then waits to be read.
    const spin =
      'const start = process.cpuUsage(); for (let used = process.cpuUsage(start); used.user + used.system < 400_000; used = process.cpuUsage(start)); setTimeout(() => {}, 30_000);';
    const child = spawn(process.execPath, ['-e', spin], { detached: true, stdio: 'ignore' });
    try {
      // Its 400 ms of CPU show once it has had them, however long the machine makes that take.
      await expect.poll(() => groupCpuSeconds(child.pid!), { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(0.4);
      const used = groupCpuSeconds(child.pid!);
      // Node's start-up is counted too, nothing of other groups.
      expect(used).toBeLessThan(1.5);
      // A group with no live process (no pid is this large) used nothing.
      expect(groupCpuSeconds(2 ** 31 - 1)).toBe(0);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
  }, 30_000);
});
