// Pure tracker logic for the dashboard and the policy form: filters, counts, totals, icon
// names and the form schema. No React, no Dexie: everything here takes `today` as an argument.
export * from './filters';
export * from './totals';
export * from './icons';
export * from './policy-form';
export * from './dates';
export * from './share-summary';
