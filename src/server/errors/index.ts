export { ServiceError, errorItem, fail, type ErrorItem } from './service-error';
export { describeError, httpStatusOf, isErrorCode, errorCodes, type ErrorCode } from '@/lib/errors/catalogue';
export { fromZodError } from './from-zod';
export { parseInput } from './parse-input';
