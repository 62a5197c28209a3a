/**
 * What a caller may do with a document now (contract §5 `allowedActions`). Client systems tolerate new
 * values; the portal and the tablet show their buttons from this list and from nothing else.
 */
export const DOCUMENT_ACTIONS = [
  'UPDATE',
  'ISSUE',
  'CANCEL',
  'ADD_ATTACHMENT',
  'EDIT_ESTIMATED_TIMES',
  'CORRECT_STRUCTURED_GOODS',
  'APPROVE_COLLECTION',
  'APPROVE_CARRIER_TO_CARRIER',
  'APPROVE_DELIVERY',
  'RECORD_COUNTERPARTY_APPROVAL',
  'UPDATE_STATUS',
  'COMMENT',
  'EDIT_LICENSE_PLATES',
  'DELEGATE',
  'SUBSCRIBE',
  'CREATE_HANDOVER_LINK',
  // Contract §14.
  'RESERVE',
  'GIVE_INSTRUCTION',
  'ANSWER_INSTRUCTION',
  'REPORT_IMPEDIMENT',
  'RECORD_CASH_ON_DELIVERY',
  'REPLACE_BY_PAPER',
] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
