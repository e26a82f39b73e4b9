import { describe, expect, it } from 'vitest';
import { policyPermissions } from './permissions';

describe('policyPermissions', () => {
  it('lets the owner do everything', () => {
    expect(Object.values(policyPermissions(null)).every(Boolean)).toBe(true);
  });

  it('lets an editor edit, renew, record payments and rename documents, and nothing more', () => {
    expect(policyPermissions('editor')).toEqual({
      edit: true,
      renew: true,
      delete: false,
      recordPayments: true,
      deletePayments: false,
      addDocuments: false,
      renameDocuments: true,
      deleteDocuments: false,
      share: false,
    });
  });

  it('lets a viewer change nothing', () => {
    expect(Object.values(policyPermissions('viewer')).some(Boolean)).toBe(false);
  });
});
