/**
 * The request schemas of delegation and subscriptions (contract §11) → error codes and fields, as REST, tRPC and
 * the portal's forms read them (tolerantly: "" and null are absent).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { delegateInput } from '@/lib/schemas/delegation';
import { withoutUnsetFields } from '@/lib/schemas/tolerant';
import { createSubscriptionInput } from '@/lib/schemas/subscriptions';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(withoutUnsetFields(input), { reportInput: true });
  return result.success ? [] : zodIssuesToFieldErrors(result.error.issues).map((error) => `${error.code} ${error.field ?? ''}`.trim());
}

describe('delegateInput', () => {
  it('takes a role and the delegatee by e-mail or by account number (a number too)', () => {
    expect(errorsOf(delegateInput, { role: 'CARRIER', emailAddressOfDelegatee: 'fleet@example.test' })).toEqual([]);
    expect(delegateInput.parse({ role: 'CONSIGNEE', accountNumberOfDelegatee: 1000007 })).toEqual({ role: 'CONSIGNEE', accountNumberOfDelegatee: '1000007' });
    expect(errorsOf(delegateInput, { role: 'SUBSEQUENT_CARRIER', roleId: 'r-2', accountNumberOfDelegatee: '1000007' })).toEqual([]);
  });

  it('reports every problem with its code and field', () => {
    expect(errorsOf(delegateInput, {})).toEqual(['3.1 role', '3.1 emailAddressOfDelegatee']);
    expect(errorsOf(delegateInput, { role: '', emailAddressOfDelegatee: '', accountNumberOfDelegatee: null })).toEqual([
      '3.1 role',
      '3.1 emailAddressOfDelegatee',
    ]);
    expect(errorsOf(delegateInput, { role: 'carrier', emailAddressOfDelegatee: 'not-an-email', accountNumberOfDelegatee: '1000007' })).toEqual([
      '3.9 role',
      '3.4 emailAddressOfDelegatee',
      '3.16 accountNumberOfDelegatee',
    ]);
    expect(errorsOf(delegateInput, { role: 'CARRIER', accountNumberOfDelegatee: { n: 1 } })).toEqual(['3.17 accountNumberOfDelegatee']);
    expect(errorsOf(delegateInput, [])).toEqual(['3.17']);
  });
});

describe('createSubscriptionInput', () => {
  const ok = (callbackUrl: string) => expect(errorsOf(createSubscriptionInput, { callbackUrl }), callbackUrl).toEqual([]);
  const refused = (callbackUrl: string) => expect(errorsOf(createSubscriptionInput, { callbackUrl }), callbackUrl).toEqual(['4.14 callbackUrl']);

  it('accepts http(s) URLs of at most 255 characters, with a query (the receiver’s own key)', () => {
    ok('https://tms.example.com/hooks/fds?key=abc123');
    ok('http://203.0.113.9:8080/x');
    ok(`https://h.example/${'a'.repeat(255 - 'https://h.example/'.length)}`);
  });

  it('refuses anything else with 4.14, and a missing or non-string URL with 3.1 / 3.17', () => {
    for (const url of ['ftp://h.example/x', 'h.example/x', 'https://', 'https:///path', 'mailto:a@b.c', 'javascript:alert(1)', 'https://exa mple.com/'])
      refused(url);
    refused(`https://h.example/${'a'.repeat(256 - 'https://h.example/'.length)}`);
    expect(errorsOf(createSubscriptionInput, {})).toEqual(['3.1 callbackUrl']);
    expect(errorsOf(createSubscriptionInput, { callbackUrl: 7 })).toEqual(['3.17 callbackUrl']);
  });
});
