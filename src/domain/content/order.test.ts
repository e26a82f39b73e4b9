import { describe, expect, it } from 'vitest';
import { byTerm, newestFirst } from './order';

describe('content order', () => {
  it('terms A to Z ignoring case, as a reader looks for them', () => {
    const terms = ['Waiting Period', 'e-Insurance Account (eIA)', 'Deductible', 'Free-look Period'];
    expect(byTerm(terms.map((term) => ({ term }))).map((t) => t.term)).toEqual([
      'Deductible',
      'e-Insurance Account (eIA)',
      'Free-look Period',
      'Waiting Period',
    ]);
  });

  it('newest first by the instant, whatever the offset', () => {
    const items = [
      { id: 'a', created_at: '2025-10-20T03:30:00+00:00' },
      { id: 'b', created_at: '2025-10-20T08:00:00+05:30' },
    ];
    expect(newestFirst(items).map((item) => item.id)).toEqual(['a', 'b']);
  });
});
