export * from './accounts';
export * from './oauth';
export * from './jobs';
export * from './freight-documents';
export * from './webhooks';
export * from './operations';
export * from './portal';
