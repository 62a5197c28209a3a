'use client';
import { useFormatter } from 'next-intl';

/**
 * An amount of money in the reader's language with its currency (issue 34: "€1,250.50" / "1.250,50 €", never
 * "1250.5 EUR"); a currency code Intl does not know is written after the number.
 */
export function useMoney(): (amount: number | null | undefined, currency: string | null | undefined) => string {
  const format = useFormatter();
  return (amount, currency) => {
    const value = amount ?? 0;
    if (currency) {
      try {
        return format.number(value, { style: 'currency', currency });
      } catch {
        // Not an ISO 4217 code: the number, then the code as sent.
      }
    }
    return `${format.number(value, { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
  };
}
