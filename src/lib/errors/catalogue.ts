/**
 * The error catalogue: every code of the specification (§7) with its description and, per contract §1,
 * its HTTP status. Transports map from here; nothing else decides a status.
 */
const entries = {
  // Category 1: security
  '1.1': [401, 'Client not authenticated: the Authorization header is missing.'],
  '1.2': [401, 'Unused.'],
  '1.3': [403, 'The client system is not authorized for this action.'],
  '1.4': [403, 'The user is not authorized for this action.'],
  '1.5': [401, 'Unused.'],
  '1.6': [401, 'Invalid client credentials.'],
  '1.7': [401, 'Invalid user credentials.'],
  '1.8': [401, 'No access token in the request.'],
  '1.9': [401, 'No user credentials provided.'],
  '1.10': [403, 'General security error.'],
  '1.11': [401, 'Invalid access token.'],
  '1.12': [401, 'Resource access not authorized.'],
  '1.13': [401, 'Invalid grant: a new token could not be granted.'],
  // Category 2: request
  '2.1': [400, 'Missing parameter.'],
  '2.2': [404, 'Resource does not exist.'],
  '2.3': [400, 'Unused.'],
  '2.4': [400, 'The request body cannot be parsed.'],
  '2.5': [405, 'HTTP method not supported for this endpoint.'],
  '2.6': [406, 'Media type not supported.'],
  '2.7': [400, 'Required request body is missing.'],
  // Category 3: input validation
  '3.1': [400, 'Required field missing.'],
  '3.2': [400, 'String length below minimum or above maximum.'],
  '3.3': [400, 'Field must be true.'],
  '3.4': [400, 'Not an e-mail format.'],
  '3.5': [400, 'E-mail not unique.'],
  '3.6': [400, 'Pattern not correct.'],
  '3.7': [400, 'New password equals the old one.'],
  '3.8': [400, 'Attachment mime type not allowed.'],
  '3.9': [400, 'Value not allowed.'],
  '3.10': [400, 'Reference lacks name or value.'],
  '3.11': [400, 'Invalid country code.'],
  '3.12': [400, 'Invalid currency code.'],
  '3.13': [400, 'To date not after from date.'],
  '3.14': [400, 'Invalid phone number.'],
  '3.15': [400, 'Estimated taking over not before estimated delivery.'],
  '3.16': [400, 'More than one field of an exclusive group has a value.'],
  '3.17': [400, 'Format not correct.'],
  '3.18': [400, 'Attachment content empty at creation.'],
  '3.19': [400, 'Filter expression syntax error.'],
  '3.20': [400, 'Filter operation not allowed.'],
  '3.21': [400, 'Filter attribute unknown or not allowed.'],
  '3.22': [400, 'Sort expression invalid.'],
  '3.23': [400, 'Sort attribute unknown or not allowed.'],
  '3.24': [400, 'Sort order not asc or desc.'],
  '3.25': [400, 'Only filter and sort allowed in query.'],
  '3.26': [400, 'Date field contains a time or is invalid.'],
  '3.27': [400, 'Field not allowed, must be null.'],
  '3.28': [400, 'Search type not supported.'],
  '3.29': [400, 'Number below minimum.'],
  '3.30': [400, 'Pagination value not allowed.'],
  '3.31': [400, 'Pagination size not allowed.'],
  '3.32': [400, 'Currency code not specified.'],
  '3.33': [400, 'Money amount invalid.'],
  '3.34': [400, 'Total size of existing and submitted attachments exceeds the maximum.'],
  '3.35': [400, 'Carrier has both account number and e-mail.'],
  '3.36': [400, 'Delegate already exists for the document.'],
  '3.37': [400, 'Permanent account delegate cannot be removed from one document.'],
  '3.38': [400, 'Account delegate already exists for the document.'],
  '3.39': [400, 'No rights to add or edit license plate data.'],
  '3.40': [400, 'Both goods and structured goods provided.'],
  '3.41': [400, 'Neither goods nor structured goods provided.'],
  '3.42': [400, 'Place of taking over role mandatory.'],
  '3.43': [400, 'Country code of place of taking over mandatory.'],
  '3.44': [400, 'Country code of place of taking over immutable.'],
  '3.45': [400, 'License plates allowed only on carrier or subsequent carrier roles.'],
  '3.46': [400, 'At least one license plate required.'],
  '3.47': [400, 'License plates only insertable or updatable in ISSUED or TRANSIT.'],
  '3.48': [400, 'Role not allowed to edit license plate data.'],
  '3.49': [400, 'No license plates were updated.'],
  '3.50': [400, 'Fields must be all present or all absent.'],
  // Category 4: business logic
  '4.1': [404, 'Record does not exist.'],
  '4.2': [409, 'Record could not be inserted.'],
  '4.3': [409, 'Client already exists.'],
  '4.4': [404, 'Attachment not part of the document.'],
  '4.5': [409, 'Freight document not DRAFT.'],
  '4.6': [409, 'Submitter account name and e-mail roles immutable.'],
  '4.7': [409, 'Creating the account delegate failed.'],
  '4.8': [409, 'Role reference immutable.'],
  '4.9': [409, 'Estimated taking-over time immutable in TRANSIT or DELIVERED.'],
  '4.10': [409, 'Estimated delivery time immutable in DELIVERED.'],
  '4.11': [409, 'Established country immutable.'],
  '4.12': [409, 'Comment period expired (14 days after delivery).'],
  '4.13': [409, 'Previous commits list has ids not in this document.'],
  '4.14': [400, 'Callback URL invalid (max 255 characters, starts with http:// or https://).'],
  '4.15': [409, 'Too many subscriptions.'],
  '4.16': [409, 'New status of cargo transfer approval may not be DRAFT or ISSUED.'],
  '4.17': [409, 'Sub-account not allowed to use credits of the main account.'],
  '4.18': [409, 'Document not in the right status for the operation.'],
  '4.19': [409, 'Transfer to an account in the POST-PAY payment scheme not allowed.'],
  '4.20': [400, 'Document type not supported.'],
  '4.29': [409, 'Invalid status transition.'],
  '4.30': [409, 'PDF template merge error.'],
  '4.31': [409, 'PDF template parse error.'],
  '4.33': [409, 'Role cannot be removed.'],
  '4.35': [409, 'E-mail token error.'],
  '4.36': [400, 'Attachment type invalid.'],
  '4.37': [409, 'E-mail token expired.'],
  '4.38': [409, 'E-mail token does not exist.'],
  '4.39': [409, 'Account already activated.'],
  '4.40': [400, 'Account number matches no active account.'],
  '4.41': [409, 'Insufficient credits.'],
  '4.42': [409, 'No delegated rights to revoke.'],
  '4.43': [409, 'No account found for the carrier.'],
  '4.44': [400, 'Illegal attachment type for adding an attachment.'],
  '4.45': [409, 'Commit list empty.'],
  '4.46': [409, 'Adding new structured goods not allowed.'],
  '4.47': [404, 'Freight document not found.'],
  '4.50': [400, 'Value not allowed.'],
  '4.51': [400, 'At least one available signing method required.'],
  // Contract §14: the legal events of the CMR.
  '4.60': [409, 'Reservation not possible for this stage now.'],
  '4.61': [409, 'The caller does not hold the right of disposal.'],
  '4.62': [409, 'Instruction not pending.'],
  '4.63': [409, 'The freight document was replaced by a paper consignment note.'],
  '4.64': [409, 'Impediment not possible now.'],
  // Category 5: catch all
  '5.0': [500, 'Internal error.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof entries;

export const errorCodes = Object.keys(entries) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(entries, value);
}

export function describeError(code: ErrorCode): string {
  return entries[code][1];
}

/**
 * Where the answer depends on more than the code. Only the transports fill it in; services never choose a status.
 * - `field`: the part of the request an error names (the error item's own `field`).
 * - `oauthEndpoint`: answered at POST /oauth/token or /oauth/revoke, whose errors follow RFC 6749 §5.2.
 * - `rateLimited`: a rate limit refused the request (the ServiceError's `rateLimited` hint).
 * - `bodyTooLarge`: the body holds more keys or values than contract §1 allows (the `bodyTooLarge` hint).
 */
export interface StatusContext {
  field?: string;
  oauthEndpoint?: boolean;
  rateLimited?: boolean;
  bodyTooLarge?: boolean;
}

/**
 * HTTP status of a code as contract §1 fixes it, with the contract's four explicit exceptions:
 * 1. At the OAuth endpoints, bad user credentials (1.7) and bad grants (1.13) are 400 `invalid_grant`
 *    (contract §2, RFC 6749 §5.2), not 401.
 * 2. 2.6 is 415 when it names the request's `Content-Type` (a body the endpoint does not take), 406 otherwise
 *    (an `Accept` the endpoint cannot answer).
 * 3. 2.4 is 413 when it names `Content-Length`: a body longer than MAX_BODY_BYTES, declared or counted; and when the
 *    body holds more keys per object or values than §1 allows (counted while it arrives).
 * 4. 1.10 (general security error) is 429 Too Many Requests when a rate limit refused the request (issue 13): the
 *    catalogue has no code of its own for it, and a limit on what a caller may do is a security rule.
 */
export function httpStatusOf(code: ErrorCode, context: StatusContext = {}): number {
  if (context.oauthEndpoint && (code === '1.7' || code === '1.13')) return 400;
  if (code === '2.6' && context.field === CONTENT_TYPE_FIELD) return 415;
  if (code === '2.4' && (context.field === BODY_LENGTH_FIELD || context.bodyTooLarge)) return 413;
  if (code === '1.10' && context.rateLimited) return 429;
  return entries[code][0];
}

/** The `field` of a 2.6 about the request's media type (415), and of a 2.4 about the body's length (413). */
export const CONTENT_TYPE_FIELD = 'Content-Type';
export const BODY_LENGTH_FIELD = 'Content-Length';
/** The `field` of a 2.6 about the response media type the client accepts (406). */
export const ACCEPT_FIELD = 'Accept';
