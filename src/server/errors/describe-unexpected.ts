/**
 * A log line for an unexpected error that never carries request data: query errors put their parameters
 * (password hashes, sealed secrets, e-mail addresses) in the message, so only the first line of each message
 * in the cause chain, database error codes and the stack frames are kept.
 */
export function describeUnexpected(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(`${current.name}: ${current.message.split('\n')[0]!.slice(0, 300)}${typeof code === 'string' ? ` [${code}]` : ''}`);
      current = current.cause;
    } else {
      parts.push(typeof current);
      break;
    }
  }
  const frames =
    error instanceof Error && error.stack
      ? error.stack
          .split('\n')
          .filter((line) => line.trimStart().startsWith('at '))
          .slice(0, 8)
      : [];
  return [parts.join(' <- caused by '), ...frames].join('\n');
}
