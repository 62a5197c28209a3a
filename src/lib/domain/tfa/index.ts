export { challengeCode, contentHash, CODE_LENGTH, paddedAccountNumber, parseResponseCode, responseCode } from './codes';
export type { ChallengeInput, ParsedResponseCode, ResponseInput } from './codes';
export { mac, macKey } from './mac';
export { isVerhoeffValid, verhoeff } from './verhoeff';
