/**
 * The operator's command that activates the account of `email` (contract §3, §12: `npm run admin`), as one line to
 * paste into a POSIX shell on the server. An address with anything but the plain characters is single-quoted, so
 * what is pasted runs exactly this command whatever the address holds.
 */
export function activationCommand(email: string): string {
  const address = email.trim();
  const quoted = /^[A-Za-z0-9@._+-]+$/.test(address) ? address : `'${address.replace(/'/g, `'\\''`)}'`;
  return `npm run admin -- account:activate --email ${quoted}`;
}
