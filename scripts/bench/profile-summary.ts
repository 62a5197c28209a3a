/**
 * Where a server's CPU went: self time of a V8 CPU profile (`BENCH_CPU_PROF=dir npm run bench` writes one per server
 * process) summed by package (next, react-dom, drizzle-orm, postgres, zod, our src, node internals, GC, idle) and the
 * top functions by self time and by total time (the function and what it calls; `--total` prints the total list with
 * file and line, for a build made with `next build --no-mangling`).
 * Usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top=25] [--total]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(program: native, outside JS)';
  if (!url) return '(native / builtin)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/dist\/compiled\/([^/]+))?/.exec(url);
  if (module) return module[3] ? `${module[1]} (compiled ${module[3]})` : module[1]!;
  if (url.includes('/.next/server/')) return '.next server bundle (our code + inlined deps)';
  if (url.includes('/src/')) return 'src (our code)';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

function main() {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const bucket = bucketOf(node);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + micros);
    const name = `${node.callFrame.functionName || '(anonymous)'}  ${bucket}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const busy = total - (buckets.get('(idle)') ?? 0);
  const line = (label: string, micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${label}`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy time)\n`);
  console.log('by package:');
  for (const [bucket, micros] of [...buckets]
    .filter(([bucket]) => bucket !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20))
    console.log(line(bucket, micros));
  console.log('\ntop functions (self time):');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25))) console.log(line(name, micros));
  if (process.argv.includes('--total')) {
    console.log('\ntop functions (total time: the function and what it calls, each counted once per sample):');
    for (const [name, micros] of [...totalTimes(profile, self, byId)].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25)))
      console.log(line(name, micros));
  }
}

/** Each sample's time added to every distinct function on its stack (recursion counted once). */
function totalTimes(profile: Profile, self: Map<number, number>, byId: Map<number, ProfileNode>): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  for (const [id, micros] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (functionName === '(root)') continue;
      const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + micros);
    }
  }
  return totals;
}

main();
