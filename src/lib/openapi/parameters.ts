/**
 * What each path and query parameter of the REST API means, by name: the same name means the same thing on every
 * path. A parameter whose schema already carries a description (the list query's) keeps it; tests/unit/openapi-
 * descriptions.test.ts fails when a parameter of the document has none.
 */
export const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  // Path parameters.
  id: 'The id of the freight document (`freightDocumentId`), or of the attachment on `/attachment/{id}` paths.',
  attachmentId: 'The `attachmentId` of an attachment of this freight document, as listed in its `attachments`.',
  delegateId: 'The `delegateId` the delegation answered when it was made (also listed in `ownDelegates`).',
  subscriptionId: 'The `subscriptionId` the subscription answered when it was made (also in the list of subscriptions).',
  deliveryId: 'The `deliveryId` of a delivery in the subscription’s delivery log.',
  commitId: 'The `commitId` of a commit of this freight document, as listed in its `updates` (64 lowercase hex characters).',
  commentId: 'The `commentId` of a comment of this freight document, as listed in its `comments`.',
  instructionId: 'The `instructionId` of an instruction of this freight document, as listed in its `instructions`.',
  token: 'The activation token from the link in the activation e-mail.',
  datasetId: 'The UUID of the document’s eFTI data set (`efti.datasetId` of a single read), the last part of its UIL `{gateId}/{platformId}/{datasetId}`.',
  // GET /oauth/authorize (RFC 6749 §4.1.1, §4.2.1; RFC 7636).
  response_type: '`code` for the authorization-code grant, `token` for the implicit grant (clients with the `implicit` flag only).',
  client_id: 'The client system’s id, as `client:create` printed it.',
  redirect_uri: 'One of the client’s registered redirect URIs, exactly as registered; the answer is sent there.',
  scope: 'The service scope (`OAUTH_SCOPE`, default `service`) or one of its aliases; omitted means the service scope.',
  state: 'An opaque value of the client, returned unchanged with the code or token (at most 2000 characters).',
  prompt: 'Accepted for compatibility (`consent`, `login`); the sign-in and consent pages are always shown as needed.',
  access_type: 'Accepted for compatibility (`offline`); a refresh token is always issued with the authorization-code grant.',
  code_challenge: 'PKCE (RFC 7636): the base64url SHA-256 of the client’s `code_verifier`, sent again at the token exchange.',
  code_challenge_method: 'PKCE: `S256`, the only method accepted.',
  // GET /attachment/{id}/content.
  encodeBase64: '`true`: the content as base64 text (`text/plain`) instead of the bytes with their media type.',
  // Request headers.
  'Idempotency-Key':
    '1–255 visible ASCII characters, e.g. a UUID made per intended action. A repeat with the same key, method, path and body gets the first answer again (with `Idempotency-Replayed: true`) and changes nothing; the same key with another request is `4.50`. Kept 24 hours per account: every 2xx and business-rule refusal (category 4); refused requests (categories 1–3, 413, 415) and 5xx are not kept, so a corrected request may reuse the key. Guide: [errors and idempotency](/docs/guides/errors-and-idempotency#idempotency).',
};
