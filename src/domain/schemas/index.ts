// Zod schemas for every stored entity, mirroring the constraints of supabase/migrations
// (lengths, enums, non-negative amounts, YYYY-MM-DD dates), so forms, the Dexie store, the
// sync engine and the server reject the same values. `*InputSchema` is what a client writes;
// the plain schema is a full row as the database returns it.
export * from './common';
export * from './callback';
export * from './news';
export * from './glossary';
export * from './faq';
export * from './policy-type';
export * from './policy';
export * from './person';
export * from './policy-member';
export * from './policy-document';
export * from './payment';
export * from './share';
export * from './sync';
