import type { ErrorCode } from '@/lib/errors/catalogue';

/**
 * Each code's cause and remedy, for the error table of the reference page (issue 35: 80 of 112 codes had only the
 * catalogue's one-line phrase). The catalogue keeps the specification's short meaning, which answers carry as their
 * `description`; this says when the service answers the code and what the client does about it. `satisfies` makes a
 * new code of the catalogue a compile error here until it is explained.
 */
export interface ErrorGuidance {
  cause: string;
  remedy: string;
}

const UNUSED: ErrorGuidance = { cause: 'Not answered by this service (the specification keeps the number unused).', remedy: '—' };
const FIX_FIELD = 'Fix the field named in `field`; every bad field of the request is reported at once.';

export const ERROR_GUIDE = {
  '1.1': {
    cause:
      'A call that needs the client system’s credentials (sign-up, token, revocation) came without an `Authorization: Basic` header; or an eFTI gate’s call came without its credentials.',
    remedy:
      'Send `Authorization: Basic base64(client_id:client_secret)` (`curl -u "$CID:$CS"`); a gate sends the user name and password the operator set as `EFTI_INBOUND_USERNAME` and `EFTI_INBOUND_PASSWORD` (or its client certificate through the operator’s proxy).',
  },
  '1.2': UNUSED,
  '1.3': {
    cause: 'The client system may not do this: the authorization-code grant without the `integration` flag, the implicit grant without `implicit`.',
    remedy: 'Ask the operator to register the client with the flag (`client:create --integration` / `--implicit`).',
  },
  '1.4': {
    cause:
      'The account holds no role (or right) for this action on the document: another role’s transfer, a submitter-only change, a sealed attachment without `VIEW_SEALED_ATTACHMENT`.',
    remedy: 'Do not retry. Check `ownPermissions` and `allowedActions` of the document; ask its submitter for the role, or its holder for a delegation.',
  },
  '1.5': UNUSED,
  '1.6': {
    cause:
      'The client id or secret is wrong (or the client was removed); at the eFTI gate’s routes, the gate’s credentials or certificate do not match the operator’s settings.',
    remedy:
      'Check the credentials `client:create` printed; the secret is shown once, so ask the operator for a new client if it is lost. A gate: ask the platform’s operator for the credentials set in `EFTI_INBOUND_USERNAME` and `EFTI_INBOUND_PASSWORD`.',
  },
  '1.7': {
    cause:
      'Wrong username or password, an account not yet activated, or a username locked out after 5 failed attempts in 15 minutes (the answer then carries `Retry-After`). At the token endpoint it is 400 `invalid_grant`.',
    remedy:
      'Ask the person for the right password; an unactivated account follows its activation e-mail first. After a lockout wait `Retry-After` seconds, even with the right password.',
  },
  '1.8': {
    cause: 'No access token: the `Authorization: Bearer …` header is missing or not a bearer header.',
    remedy: 'Get a token from `POST /oauth/token` and send it as `Authorization: Bearer <token>`.',
  },
  '1.9': UNUSED,
  '1.10': {
    cause:
      'A limit refused the request: a rate limit (writes, token requests, sign-ups, webhook tests), the two-factor attempt limit of a transfer (5 wrong codes in 15 minutes), or a cross-origin request from an origin that is not allowed (403).',
    remedy: 'Wait the seconds of `Retry-After`, then send again; a refused origin needs `CORS_ALLOWED_ORIGINS` or an implicit client’s redirect URI.',
  },
  '1.11': {
    cause:
      'The access token is unknown, revoked (a password change revokes all of them) or expired (`expires_in` seconds after it was issued); at `/api/metrics`, not the operator’s `METRICS_TOKEN`.',
    remedy: 'Refresh (`grant_type=refresh_token`) and repeat the request once; if the refresh fails too, sign in again.',
  },
  '1.12': UNUSED,
  '1.13': {
    cause:
      'The refresh token or authorization code is bad, expired, already used (a reuse also revokes its whole family) or another client’s, or the `scope` is not the service’s (`invalid_scope`). 400 at the token endpoint.',
    remedy:
      'Sign in again. Keep one refresh token per sign-in and store the new one from every refresh before using it; ask for the service scope or omit `scope`.',
  },
  '2.1': {
    cause:
      'A parameter the call needs is missing: a grant’s field at the token endpoint (`unsupported_grant_type` for an unknown grant), `subsetId` at the eFTI gate.',
    remedy: 'Send the parameter the description names.',
  },
  '2.2': {
    cause:
      'No such path (a typo, an upper-case letter, a route not offered), `/api/metrics` while `METRICS_TOKEN` is unset, or an eFTI route (`…/efti`, `/v0/consignments/…`) while the operator has not switched eFTI on.',
    remedy: 'Check the path against this reference; paths are lower-case and every one is also served under `/v1/api`.',
  },
  '2.3': UNUSED,
  '2.4': {
    cause:
      'The body is not valid JSON, is nested deeper than 64 levels or holds over 10,000 keys in one object or 200,000 values; or (413) it is longer than the route takes (`MAX_BODY_BYTES`, 25 MB, for routes with files; 1 MiB for the others).',
    remedy: 'Send well-formed JSON; send files as separate attachments or comments instead of one large body.',
  },
  '2.5': {
    cause: 'The path exists but not with this method.',
    remedy: 'Use one of the methods the `Allow` header lists.',
  },
  '2.6': {
    cause:
      '406: the `Accept` header asks for a media type the path does not answer. 415: a body with a `Content-Type` other than `application/json` (form-encoded at `/oauth/token` and `/oauth/revoke`).',
    remedy: 'Send `Accept: application/json` (or the path’s own type, e.g. `application/pdf` at `…/pdf`) and `Content-Type: application/json`.',
  },
  '2.7': {
    cause: 'A call that takes a body came without one.',
    remedy: 'Send the JSON body the operation describes (`{}` is a body; its missing fields are then reported one by one).',
  },
  '3.1': { cause: 'A required field is missing, `null` or `""`.', remedy: FIX_FIELD },
  '3.2': {
    cause:
      'A text is longer (or shorter) than its field allows, or a list has too many entries (500 goods lines, 50 subsequent carriers, 4 KB of `clientMeta`).',
    remedy: 'Shorten it to the limit the field table gives.',
  },
  '3.3': { cause: '`acceptTermsAndConditions` is not `true` (or `"true"`).', remedy: 'Have the person accept the terms, then send `true`.' },
  '3.4': { cause: 'Not an e-mail address.', remedy: FIX_FIELD },
  '3.5': {
    cause: 'An account with this e-mail address exists already (compared case-insensitively).',
    remedy: 'Sign in with that account, or use another address.',
  },
  '3.6': {
    cause:
      'A value does not fit its pattern (a GLN, SSCC or EAN of the wrong length, `secondsSinceCreation` out of range). On `evidence.responseCode`: the two-factor response does not match this transfer, or is a version 1 code the operator does not accept (the description says which).',
    remedy:
      'Fix the field. For a response code: compute it anew from the current challenge (a comment since changes it) with the counter party’s own secret; a version 1 code needs `TFA_ACCEPT_V1=true` or version 2.',
  },
  '3.7': { cause: 'The new password is the old one.', remedy: 'Choose another password.' },
  '3.8': {
    cause: 'A file is not a PDF, PNG or JPEG (read from its bytes, whatever `mimeType` says), or an image has over 25,000,000 pixels.',
    remedy: 'Convert the file to PDF, PNG or JPEG; scale large photos down.',
  },
  '3.9': {
    cause: 'A value is not one of the field’s allowed values (an enumeration, a signing method, a coordinate out of range, an eFTI subset).',
    remedy: 'Use one of the values the field table lists.',
  },
  '3.10': { cause: 'A reference lacks its `name` or its `value`.', remedy: 'Send both, or leave the reference out.' },
  '3.11': {
    cause: 'Not an ISO 3166-1 alpha-3 country code in capitals (`NL` and `nld` are refused).',
    remedy: 'Send the three capital letters, e.g. `NLD`, `DEU`, `FRA`.',
  },
  '3.12': { cause: 'Not an ISO 4217 currency code (three capitals of a current currency).', remedy: 'Send e.g. `EUR`, `PLN`, `GBP`.' },
  '3.13': UNUSED,
  '3.14': { cause: 'A phone number with characters other than digits, spaces and `( ) . - # + * p w`.', remedy: FIX_FIELD },
  '3.15': { cause: 'The estimated taking over is not before the estimated delivery.', remedy: 'Send a taking-over time before the delivery time.' },
  '3.16': {
    cause: 'Two fields that exclude each other are both set: a TFA code and a signature in one evidence, an e-mail and an account number for one delegate.',
    remedy: 'Send only one of them.',
  },
  '3.17': {
    cause:
      'A value has the wrong format or type: a date-time without its zone, a number sent as text where a number is required, text that is not base64, a NUL character or lone surrogate.',
    remedy: 'Send the format the field table gives (date-times as `2026-11-23T08:00:00Z`).',
  },
  '3.18': { cause: 'An attachment’s `content` is empty.', remedy: 'Send the file’s bytes in base64.' },
  '3.19': {
    cause: 'A filter block is not `attribute.operation.value`, or a time attribute’s value is not a date-time with its zone.',
    remedy: 'Write blocks as `status.eq.ISSUED`; URL-encode the value (`+` of an offset as `%2B`).',
  },
  '3.20': { cause: 'A filter operation other than `eq`, `ne`, `gt`, `lt`, `ge`, `le`.', remedy: 'Use one of those six.' },
  '3.21': { cause: 'A filter on an attribute lists cannot filter on.', remedy: 'Filter on one of the attributes the list operation names.' },
  '3.22': { cause: 'A sort block is not `attribute.asc` or `attribute.desc`.', remedy: 'Write it so, blocks separated by commas.' },
  '3.23': { cause: 'A sort on an attribute lists cannot sort on.', remedy: 'Sort on one of the list’s attributes.' },
  '3.24': { cause: 'A sort order other than `asc` or `desc`.', remedy: 'Use `asc` or `desc`.' },
  '3.25': { cause: 'A query parameter other than `filters`, `sort`, `limit` and `first`.', remedy: 'Leave it out.' },
  '3.26': { cause: 'A date field holds a time, or is no calendar date.', remedy: 'Send `YYYY-MM-DD`.' },
  '3.27': UNUSED,
  '3.28': UNUSED,
  '3.29': { cause: 'A number below its minimum (a negative weight, count or volume).', remedy: 'Send 0 or more.' },
  '3.30': { cause: '`first` is not a whole number of 1 or more.', remedy: 'Send `first=1` for the first page, `first=11` for the second page of 10.' },
  '3.31': { cause: '`limit` is not a whole number from 1 to 100.', remedy: 'Ask for at most 100 per page and page with `first`.' },
  '3.32': { cause: 'A `reimbursementAmount` above 0 without `reimbursementCurrency`.', remedy: 'Send the currency too.' },
  '3.33': { cause: 'A money amount is negative, not a number, or has more than two decimals.', remedy: 'Send e.g. `1250` or `1250.5`.' },
  '3.34': {
    cause: 'The document’s attachments would exceed 10 MB in all, or its images 2 MB in all.',
    remedy: 'Send smaller files (scale photos down), or fewer; later photos can go with comments.',
  },
  '3.35': { cause: 'The carrier is named by both `submittedAccountNumber` and `submittedAccountEmailAddress`.', remedy: 'Send one of them.' },
  '3.36': {
    cause: 'The delegation exists already on this document, or names the caller itself.',
    remedy: 'Nothing to do: the delegate holds the role already (`ownDelegates` lists it).',
  },
  '3.37': {
    cause: 'An account-wide delegation cannot be ended for one document.',
    remedy: 'End it for every document at `DELETE /accounts/users/me/delegates/{delegateId}`.',
  },
  '3.38': { cause: 'The account-wide delegation exists already.', remedy: 'Nothing to do: `GET /accounts/users/me/delegates` lists it.' },
  '3.39': {
    cause: 'The caller holds no carrier role on the document, so it has no plates to set.',
    remedy: 'Only the carrier and subsequent carriers set plates.',
  },
  '3.40': { cause: 'Both `goods` and `structuredGoods` are set.', remedy: 'Send one of them.' },
  '3.41': { cause: 'Neither `goods` nor `structuredGoods` is set.', remedy: 'Describe the goods in one of them.' },
  '3.42': { cause: 'No `placeOfTakingOver`.', remedy: 'Name where the goods are taken over.' },
  '3.43': { cause: 'The place of taking over has no `countryCode`.', remedy: 'Send its alpha-3 country code.' },
  '3.44': { cause: 'The place of taking over’s country changed after issue.', remedy: 'Send it unchanged.' },
  '3.45': { cause: 'The `roleId` is not a carrier or subsequent carrier role.', remedy: 'Name a carrier role’s `roleId`.' },
  '3.46': { cause: 'No plate in `licensePlates`.', remedy: 'Send at least one plate.' },
  '3.47': { cause: 'Plates change only while ISSUED or TRANSIT.', remedy: 'Set them after issue and before the delivery.' },
  '3.48': { cause: 'The `roleId` is another carrier’s role.', remedy: 'Set the plates of a role you hold.' },
  '3.49': { cause: 'The plates sent are the ones the role has.', remedy: 'Nothing to do.' },
  '3.50': { cause: 'Only one of two fields that go together is set (a location’s latitude without its longitude).', remedy: 'Send both or neither.' },
  '4.1': {
    cause:
      'A record named in the path or body is not there (or not yours): a subscription, delivery, commit, instruction, or a `counterPartyRoleId` of another document.',
    remedy: 'Read its current id from the document or list that names it.',
  },
  '4.2': {
    cause: 'A record cannot be added: a document at its limit of 10,000 comments or 20,000 commits, or an account’s address book or templates at theirs.',
    remedy: 'Do not retry; remove entries you no longer need (a full document takes no more).',
  },
  '4.3': UNUSED,
  '4.4': {
    cause: 'The attachment is not part of this document (or a PUT names an `attachmentId` it does not have, without content).',
    remedy: 'Use an `attachmentId` the document’s `attachments` list.',
  },
  '4.5': {
    cause: 'Only a DRAFT can be replaced, cancelled or given attachments.',
    remedy: 'After issue, use the PATCH operations, comments and legal events.',
  },
  '4.6': UNUSED,
  '4.7': { cause: 'An account-wide delegation to the caller itself.', remedy: 'Name another account.' },
  '4.8': {
    cause: 'A PUT would replace a role’s holder: it changed the account, e-mail or `roleId` of a party set before.',
    remedy: 'Send each party back with its `roleId` and holder unchanged.',
  },
  '4.9': { cause: 'The estimated taking over cannot move once TRANSIT.', remedy: 'Leave it as it is (sending the current value is fine).' },
  '4.10': { cause: 'The estimated delivery cannot move once DELIVERED.', remedy: 'Leave it as it is.' },
  '4.11': UNUSED,
  '4.12': {
    cause: 'The comment period ended: 14 days after the delivery.',
    remedy: 'Nothing more can be commented; reservations after delivery have their own rules.',
  },
  '4.13': {
    cause: '`previousCommits` names an id that is no commit of this document.',
    remedy: 'Read the document again and send its `previousCommits`.',
  },
  '4.14': {
    cause: 'The callback URL is not `http(s)://`, longer than 255 characters, or resolves to a loopback, private or link-local address.',
    remedy: 'Use a public `https://` URL; an operator with a private network sets `WEBHOOK_ALLOW_PRIVATE_NETWORKS=true`.',
  },
  '4.15': {
    cause: 'The caller has 10 subscriptions on this document (or 10 account-wide) already.',
    remedy: 'Delete one, or use one account subscription for all documents.',
  },
  '4.16': { cause: 'A status update (`POST …/updates`) to `DRAFT` or `ISSUED`.', remedy: 'Send `TRANSIT` or `DELIVERED`.' },
  '4.17': UNUSED,
  '4.18': {
    cause:
      'The document is not in the status the operation needs: issuing twice, a delivery before the collection, a receipt before it, an instruction after delivery.',
    remedy: 'Read the document: `status` and `allowedActions` say what is possible now.',
  },
  '4.19': UNUSED,
  '4.20': { cause: 'A document `type` other than `WAYBILL` (`CMR` too).', remedy: 'Send `"type": "WAYBILL"`.' },
  '4.29': {
    cause: 'The move is not in the state machine (e.g. a status update from DELIVERED).',
    remedy: 'Read the document’s status; transfers move it one step at a time.',
  },
  '4.30': UNUSED,
  '4.31': UNUSED,
  '4.33': { cause: 'A PUT leaves out a role the draft has: roles are added, never removed.', remedy: 'Send every party the draft has.' },
  '4.35': { cause: 'The activation link’s token is malformed (cut off by a mail program, say).', remedy: 'Open the whole link from the e-mail.' },
  '4.36': { cause: 'An attachment `type` other than `GOODS` or `GENERAL`.', remedy: 'Send one of those.' },
  '4.37': { cause: 'The activation link is older than 72 hours.', remedy: 'Ask the operator to activate the account (`account:activate`), or sign up again.' },
  '4.38': { cause: 'No activation link has this token.', remedy: 'Open the link of the latest activation e-mail.' },
  '4.39': { cause: 'The account is activated already.', remedy: 'Sign in.' },
  '4.40': {
    cause: '`submittedAccountNumber` names no active account.',
    remedy: 'Check the number (`GET /accounts/users/me` shows one’s own), or name the person by e-mail.',
  },
  '4.41': { cause: 'Issuing costs one credit in production and the submitter has none.', remedy: 'Ask the operator for credits (`credits:add`).' },
  '4.42': {
    cause: 'No active delegation of the caller has this id (here).',
    remedy: 'List the delegations (`ownDelegates`, `GET /accounts/users/me/delegates`) for the current ids.',
  },
  '4.43': UNUSED,
  '4.44': { cause: '`COMMENT` attachments come only with comments.', remedy: 'Send the file with `POST …/comments`, or as `GOODS`/`GENERAL`.' },
  '4.45': { cause: '`previousCommits` is empty.', remedy: 'Send the heads of the document you last read.' },
  '4.46': {
    cause:
      'A goods line is named by a `productId` the document does not have (a reservation’s `goodsLines`, a correction), or structured goods would be added where none were.',
    remedy: 'Use the `productId`s of the document’s `structuredGoods`; lines cannot be added after issue.',
  },
  '4.47': {
    cause:
      'No such document, a cancelled one, or one the caller holds no role in: the answer is the same, so ids do not leak. At the eFTI gate’s routes: no data set with this `datasetId`, or its document is a draft or cancelled.',
    remedy: 'Check the id; ask the submitter to name you in a role, or a role holder to delegate it.',
  },
  '4.50': {
    cause:
      'A value the state does not allow: a signing method the document’s `availableSigningMethods` do not list for the transfer, or an `Idempotency-Key` reused with another request.',
    remedy: 'Use a listed method (or an implicit approval); use a new key for a new request.',
  },
  '4.51': { cause: '`availableSigningMethods` lists no method at all.', remedy: 'List at least one, or leave the object out for the defaults.' },
  '4.60': {
    cause:
      'A reservation of this stage is not possible now (the stage’s approval was given, the status is past it), or a reservation cannot be withdrawn (approved or declined since, after delivery, recorded for a counter party).',
    remedy: 'Read the document: `allowedActions` lists `RESERVE` when a reservation is possible.',
  },
  '4.61': {
    cause: 'The caller does not hold the right of disposal (`rightOfDisposal.holderRole`).',
    remedy: 'Only its holders give instructions: the consignor until the delivery, then the consignee.',
  },
  '4.62': { cause: 'The instruction was answered already.', remedy: 'Read its `response` in the document’s `instructions`.' },
  '4.63': { cause: 'The note was replaced by a paper consignment note: it takes no more changes.', remedy: 'Record further events on the paper note.' },
  '4.64': { cause: 'An impediment can be reported only by the carrier side holding the goods, while TRANSIT.', remedy: 'Read `custody` and `status`.' },
  '5.0': {
    cause:
      'A fault of the service (logged with the request id), a PDF that took over 20 s to render, or a stored file whose bytes no longer match their SHA-256 digest (the service never answers altered bytes).',
    remedy: 'Retry later with the same `Idempotency-Key`; report the answer’s `X-Request-Id` to the operator.',
  },
} satisfies Record<ErrorCode, ErrorGuidance>;
