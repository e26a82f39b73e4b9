import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../../../tests/helpers/render';
import { PolicyHighlighter } from './policy-highlighter';

describe('a reminder opened on the dashboard', () => {
  it("marks and focuses the policy's shown card, not its copy in a list a search replaced", async () => {
    // The dashboard keeps a list the filters replaced, hidden, while it takes it apart.
    const { container } = render(
      <section>
        <ul hidden>
          <li>
            <article data-policy-id="p-1">Star Health (replaced)</article>
          </li>
        </ul>
        <ul>
          <li>
            <article data-policy-id="p-1">Star Health</article>
          </li>
        </ul>
      </section>,
    );
    const [replaced, shown] = [...container.querySelectorAll('article')];
    render(<PolicyHighlighter policyId="p-1" />);
    await waitFor(() => expect(shown).toHaveFocus());
    expect(shown).toHaveAttribute('data-highlighted', 'true');
    expect(replaced).not.toHaveAttribute('data-highlighted');
  });
});
