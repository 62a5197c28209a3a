export {
  challengeCode,
  contentHash,
  CODE_LENGTH,
  paddedAccountNumber,
  parseResponseCode,
  responseCode,
  responseCodeV1,
  TFA_ATTEMPT_WINDOW_SECONDS,
  TFA_MAX_WRONG_CODES,
} from './codes';
export type { ChallengeInput, ParsedResponseCode, ResponseInput, ResponseInputV1, TfaAction } from './codes';
export { mac, macKey } from './mac';
export { isVerhoeffValid, verhoeff } from './verhoeff';
