export { challengeCode, contentHash, CODE_LENGTH, paddedAccountNumber, parseResponseCode, responseCode, responseCodeV1 } from './codes';
export type { ChallengeInput, ParsedResponseCode, ResponseInput, ResponseInputV1, TfaAction } from './codes';
export { mac, macKey } from './mac';
export { isVerhoeffValid, verhoeff } from './verhoeff';
