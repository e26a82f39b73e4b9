import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { allMessages } from '../../../tests/helpers/catalogs';
import { CallbackForm } from './callback-form';

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => vi.fn(),
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('./api/submit-callback', () => ({ submitCallback: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

describe('the callback form in Hindi', () => {
  beforeEach(() => activateLoaded('hi', allMessages.hi));
  afterEach(() => activateLoaded('en', allMessages.en));

  it('labels, products, consent and validation in Hindi', async () => {
    const user = userEvent.setup();
    render(<CallbackForm />);
    expect(screen.getByRole('option', { name: 'हेल्थ इंश्योरेंस' })).toHaveValue('Health Insurance');
    expect(screen.getByRole('checkbox', { name: /संपर्क किए जाने के लिए सहमत हूँ/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'निजता नीति' })).toHaveAttribute('href', '/privacy');
    await user.type(screen.getByLabelText(/मोबाइल नंबर/), '12345');
    await user.click(screen.getByRole('button', { name: 'कॉलबैक का अनुरोध करें' }));
    expect(await screen.findByText('कृपया अपना नाम भरें।')).toBeInTheDocument();
    expect(screen.getByText(/10 अंकों का भारतीय मोबाइल नंबर भरें/)).toBeInTheDocument();
    expect(screen.getByText('कृपया अपना शहर भरें।')).toBeInTheDocument();
  });
});
