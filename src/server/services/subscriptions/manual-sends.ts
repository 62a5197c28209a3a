import { enforceRateLimits } from '../operations/rate-limits';

/**
 * Test events and redeliveries an account may ask for per window (issue 20: 12 test events to a receiver that never
 * answered held the shared job workers and delayed another account's webhook by 29 s). 429 `1.10` beyond it.
 */
export async function limitManualSends(ctx: Parameters<typeof enforceRateLimits>[0]['ctx'], accountId: string): Promise<void> {
  await enforceRateLimits({ ctx, input: { rules: [{ name: 'webhook-manual-sends-per-account', subject: accountId }] } });
}
