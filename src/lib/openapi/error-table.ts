import { BODY_LENGTH_FIELD, CONTENT_TYPE_FIELD, describeError, errorCodes, httpStatusOf, type ErrorCode } from '@/lib/errors/catalogue';
import { ERROR_GUIDE, type ErrorGuidance } from './error-guide';

export interface ErrorTableRow extends ErrorGuidance {
  code: ErrorCode;
  /** Every HTTP status the code can be answered with (contract §1's exceptions included). */
  statuses: number[];
  meaning: string;
}

/** The error-code table of the reference page, from the catalogue and the guide: code, HTTP status(es), meaning, cause, remedy. */
export function errorTable(): ErrorTableRow[] {
  return errorCodes.map((code) => {
    const statuses = new Set([
      httpStatusOf(code),
      httpStatusOf(code, { oauthEndpoint: true }),
      httpStatusOf(code, { field: CONTENT_TYPE_FIELD }),
      httpStatusOf(code, { field: BODY_LENGTH_FIELD }),
      httpStatusOf(code, { rateLimited: true }),
    ]);
    return { code, statuses: [...statuses].sort((a, b) => a - b), meaning: describeError(code), ...ERROR_GUIDE[code] };
  });
}
