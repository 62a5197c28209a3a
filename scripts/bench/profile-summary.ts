/**
 * Where a server's CPU went: self time of a V8 CPU profile (`BENCH_CPU_PROF=dir npm run bench` writes one per server
 * process) summed by package (next, react-dom, drizzle-orm, postgres, zod, our src, node internals, GC, idle) and the
 * top functions. Usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
}

main();
