// Export and import of the user's policies (CSV and BimaGuide JSON) and what a file's rows
// become: pure logic; reading and writing the CSV text (Papa Parse) and saving are the
// transfer feature's.
export * from './format';
export * from './columns';
export * from './check';
export * from './plan';
export * from './json';
export * from './payments';
