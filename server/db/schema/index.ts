export * from './suppliers';
export * from './users';
export * from './catalogue';
export * from './audit';
export * from './identity';
export * from './search';
