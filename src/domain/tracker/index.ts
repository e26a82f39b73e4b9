// Pure tracker logic for the dashboard, the policy page and the policy form: filters, counts,
// totals, icon names, contacts and the form schema. No React, no Dexie: everything here takes
// `today` as an argument.
export * from './filters';
export * from './totals';
export * from './icons';
export * from './policy-form';
export * from './form-fields';
export * from './payments';
export * from './dates';
export * from './policy-page';
export * from './outlook';
export * from './permissions';
