import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function Named({ staticId, renders }: { staticId?: string; renders: string[] }) {
  const id = useId(staticId);
  const [count, setCount] = useState(0);
  renders.push(id);
  return (
    <button type="button" id={id} onClick={() => setCount(count + 1)}>
      {`clicked ${count}`}
    </button>
  );
}

describe("Mantine's useId as the build replaces it", () => {
  it('names an element once: mounting renders once and the id never changes', () => {
    const renders: string[] = [];
    render(<Named renders={renders} />);
    // Mantine's own hook set a random id after mounting, rendering every such part twice.
    expect(renders).toHaveLength(1);
    const [first] = renders;
    expect(first).toMatch(/^mantine-/);
    screen.getByRole('button').click();
    expect(renders.at(-1)).toBe(first);
  });

  it('gives two parts two ids, and an id the caller chose is kept', () => {
    const renders: string[] = [];
    render(
      <>
        <Named renders={renders} />
        <Named renders={renders} />
        <Named renders={renders} staticId="policy-search" />
      </>,
    );
    expect(new Set(renders).size).toBe(3);
    expect(renders).toContain('policy-search');
  });
});
