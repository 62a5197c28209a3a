// Run by `npm run up` before the build and by `npm start` before `next start`: a port already in use is said in one
// line naming PORT and how to pick another, instead of Next's EADDRINUSE stack after a full build (issue 23 part 5).
// Plain Node, no dependencies: it runs right after `npm ci`, before anything is built.
import net from 'node:net';

// The project brings its Node (the `node` package, 24.x, first on PATH in every npm script). Started some other way
// (`node node_modules/.bin/next start` with the machine's Node) it still works, only slower: say so in one line.
const wanted = '24.';
if (!process.versions.node.startsWith(wanted)) {
  console.warn(
    `Running on Node ${process.version}; the project runs on Node 24 (the \`node\` package): start it with npm run up or npm start, ` +
      'or install Node 24 (see .node-version).',
  );
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
