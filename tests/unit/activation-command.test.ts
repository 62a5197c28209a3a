/** Issue 34 item 3: the activation command a partner environment without mail prints, pasted as it is into a shell. */
import { describe, expect, it } from 'vitest';
import { activationCommand } from '@/lib/portal/activation-command';

describe('activationCommand', () => {
  it('names the address as it is when it needs no quoting', () => {
    expect(activationCommand(' eva.janssen+test@example.com ')).toBe('npm run admin -- account:activate --email eva.janssen+test@example.com');
  });
  it('single-quotes anything else, so the shell runs exactly this command', () => {
    expect(activationCommand("o'brien;rm -rf@example.com")).toBe(`npm run admin -- account:activate --email 'o'\\''brien;rm -rf@example.com'`);
  });
});
