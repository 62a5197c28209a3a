// Run by `npm run up` before the build and by `npm start` before `next start`: what would stop the server is said in one
// line before anything is built or started (issues 23 and 35): a bad setting (the server's own check, env-schema.ts),
// an embedded database held by another process, a port already in use. Instead of Next's EADDRINUSE stack, or a raw
// zod message after a full build.
import net from 'node:net';
import path from 'node:path';
import nextEnv from '@next/env';
import { tsImport } from 'tsx/esm/api';

// The project brings its Node (the `node` package, 24.x, first on PATH in every npm script). Started some other way
// (`node node_modules/.bin/next start` with the machine's Node) it still works, only slower: say so in one line.
const wanted = '24.';
if (!process.versions.node.startsWith(wanted)) {
  console.warn(
    `Running on Node ${process.version}; the project runs on Node 24 (the \`node\` package): start it with npm run up or npm start, ` +
      'or install Node 24 (see .node-version).',
  );
}

// The settings as `next start` will read them: the environment first, then the .env files Next.js loads.
nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: (...args) => console.error(...args) });
const { readConfiguration } = await tsImport('../src/server/config/env-schema.ts', import.meta.url);
const configuration = readConfiguration(process.env);
if (!configuration.ok) {
  console.error(configuration.problem);
  process.exit(1);
}
if (!configuration.config.DATABASE_URL) {
  const { heldDataDirMessage, readLiveHolder } = await tsImport('../src/server/db/data-dir-lock.ts', import.meta.url);
  const dataDir = path.resolve(configuration.config.DATA_DIR);
  const holder = readLiveHolder(dataDir);
  if (holder) {
    console.error(heldDataDirMessage(dataDir, holder));
    process.exit(1);
  }
}

const raw = process.env.PORT || '3000';
const port = Number(raw);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT=${raw} is not a port number: set PORT to a number from 1 to 65535, e.g. PORT=3001 npm run up`);
  process.exit(1);
}

// Bound as `next start` binds it (every interface), so whatever would stop the server stops this check.
const probe = net.createServer();
probe.once('error', (error) => {
  const reasons = {
    EADDRINUSE: `PORT ${port} is already in use by another process: stop that process, or pick another port, e.g. PORT=${port === 3000 ? 3001 : 3000} npm run up (or npm start)`,
    EACCES: `PORT ${port} needs privileges this user lacks: pick a port above 1023, e.g. PORT=3000 npm run up`,
  };
  console.error(reasons[error.code] ?? `PORT ${port} cannot be opened (${error.code ?? error.message}): pick another port with PORT=…`);
  process.exit(1);
});
probe.listen(port, () => probe.close());
