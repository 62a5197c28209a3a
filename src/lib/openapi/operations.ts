import { accountOperations } from './operations-accounts';
import { documentOperations } from './operations-documents';
import { eftiOperations } from './operations-efti';
import { legalEventOperations } from './operations-legal-events';
import { subscriptionOperationsList, transferOperations } from './operations-transfers';
import type { ApiOperation } from './operation';

/** Every REST operation of the service, each served by exactly one endpoint (tests/unit/route-operations.test.ts). */
export const apiOperations: ApiOperation[] = [
  ...accountOperations,
  ...documentOperations,
  ...transferOperations,
  ...legalEventOperations,
  ...subscriptionOperationsList,
  ...eftiOperations,
];

/** How a route names the operation it serves: the method and the path template of the reference, `POST /freightdocuments/{id}/issue`. */
export type OperationKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

export const keyOfOperation = (operation: ApiOperation): OperationKey => `${operation.method.toUpperCase()} ${operation.path}` as OperationKey;

const byKey = new Map(apiOperations.map((operation) => [keyOfOperation(operation), operation]));

/** The operation a route serves; a key the reference does not have fails when the route module loads (the build, every test). */
export function operationOf(key: OperationKey): ApiOperation {
  const operation = byKey.get(key);
  if (!operation) throw new Error(`No operation ${key} in the reference (src/lib/openapi/operations-*.ts)`);
  return operation;
}
