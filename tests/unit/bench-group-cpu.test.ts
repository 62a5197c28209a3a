import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { groupCpuSeconds } from '../../scripts/bench/processes';

// The bench's CPU per request (scripts/bench/run.ts) counts a server's whole process group from /proc.
describe('groupCpuSeconds', () => {
  it('counts the CPU a detached process group used, and nothing of the groups outside it', async () => {
    // A child in its own group that spins for 400 ms of CPU and then waits to be read.
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 400; while (Date.now() < end); setTimeout(() => {}, 10_000);'], {
      detached: true,
      stdio: 'ignore',
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const used = groupCpuSeconds(child.pid!);
      expect(used).toBeGreaterThanOrEqual(0.3);
      expect(used).toBeLessThan(1.5);
      // A group with no live process (no pid is this large) used nothing.
      expect(groupCpuSeconds(2 ** 31 - 1)).toBe(0);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
  });
});
