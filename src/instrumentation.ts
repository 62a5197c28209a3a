/** Next.js calls this once per server process: open and migrate the database, start the job workers. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Per-address limits need the socket's address, which route handlers do not see (client-address.ts).
  const { stampPeerAddress } = await import('./server/http/client-address');
  stampPeerAddress();
  // Downloads from the blob store stream with their length (Next.js would drop it: declared-length.ts).
  const { keepDeclaredLengths } = await import('./server/http/declared-length');
  keepDeclaredLengths();
  const { boot } = await import('./server/boot');
  await boot();
}
