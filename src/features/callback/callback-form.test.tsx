import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { render, screen, userEvent, waitFor } from '../../../tests/helpers/render';
import { CallbackForm } from './callback-form';
import { submitCallback, type SubmitCallbackResult } from './api/submit-callback';
import { toast } from '@/lib/toast';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../tests/helpers/catalogs';

const navigate = vi.fn();

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('./api/submit-callback', () => ({ submitCallback: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const submit = vi.mocked(submitCallback);
const showToast = vi.mocked(toast);

function setup() {
  const user = userEvent.setup();
  render(<CallbackForm />);
  const fields = {
    name: screen.getByLabelText(/Full Name/),
    phone: screen.getByLabelText(/Mobile Number/),
    city: screen.getByLabelText(/City/),
    product: screen.getByLabelText('Interested In'),
    consent: screen.getByRole('checkbox', { name: /I agree to be contacted/ }),
  };
  const fill = async () => {
    await user.type(fields.name, 'Asha Sen');
    await user.type(fields.phone, '+91 98300 12345');
    await user.type(fields.city, 'Kolkata');
  };
  const send = () => user.click(screen.getByRole('button', { name: 'Request a Callback' }));
  return { user, fields, fill, send };
}

beforeEach(() => {
  submit.mockReset();
  showToast.mockReset();
  navigate.mockReset();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CallbackForm', () => {
  it('has labelled fields, a tel input, Health Insurance by default and a privacy link', () => {
    const { fields } = setup();
    expect(fields.phone).toHaveAttribute('type', 'tel');
    expect(fields.product).toHaveValue('Health Insurance');
    expect(
      Array.from((fields.product as HTMLSelectElement).options).map((option) => option.value),
    ).toEqual(['Health Insurance', 'Term Insurance', 'Motor Insurance', 'Other']);
    expect(fields.consent).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('asks for consent and sends nothing when the box is not ticked', async () => {
    const { fill, send } = setup();
    await fill();
    await send();
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Consent Required',
        description: 'Please agree to the terms before submitting.',
        variant: 'destructive',
      }),
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('explains an invalid phone number and sends nothing', async () => {
    const { user, fields, send } = setup();
    await user.type(fields.name, 'Asha');
    await user.type(fields.phone, '12345');
    await user.type(fields.city, 'Pune');
    await user.click(fields.consent);
    await send();
    expect(await screen.findByText(/Enter a 10-digit Indian mobile number/)).toBeVisible();
    expect(fields.phone).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('requires name and city', async () => {
    const { user, fields, send } = setup();
    await user.click(fields.consent);
    await send();
    expect(await screen.findByText('Please enter your name.')).toBeVisible();
    expect(screen.getByText('Please enter your mobile number.')).toBeVisible();
    expect(screen.getByText('Please enter your city.')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('disables everything and shows Submitting... while the request is in flight', async () => {
    let finish: (result: SubmitCallbackResult) => void = () => {};
    submit.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, fields, fill, send } = setup();
    await fill();
    await user.selectOptions(fields.product, 'Motor Insurance');
    await user.click(fields.consent);
    await send();

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    for (const field of Object.values(fields)) expect(field).toBeDisabled();
    expect(submit).toHaveBeenCalledWith({
      name: 'Asha Sen',
      phone: '+919830012345',
      city: 'Kolkata',
      product: 'Motor Insurance',
    });
    await act(async () => finish({ ok: false, reason: 'failed' }));
    expect(await screen.findByRole('button', { name: 'Request a Callback' })).toBeEnabled();
  });

  it('on success toasts, clears the form, unticks consent and goes home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit.mockResolvedValue({ ok: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CallbackForm />);
    await user.type(screen.getByLabelText(/Full Name/), 'Asha Sen');
    await user.type(screen.getByLabelText(/Mobile Number/), '9830012345');
    await user.type(screen.getByLabelText(/City/), 'Kolkata');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Request a Callback' }));

    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Request Sent!',
        description: 'An advisor will contact you shortly. You will be redirected to the homepage.',
      }),
    );
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Mobile Number/)).toHaveValue('');
    expect(screen.getByLabelText(/City/)).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();

    act(() => vi.advanceTimersByTime(2_900));
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(navigate).toHaveBeenCalledWith({ to: '/' });
  });

  it('on failure toasts and keeps what the user typed', async () => {
    submit.mockResolvedValue({ ok: false, reason: 'failed' });
    const { fields, fill, user, send } = setup();
    await fill();
    await user.click(fields.consent);
    await send();
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Submission Failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(fields.name).toHaveValue('Asha Sen');
    expect(fields.phone).toHaveValue('+91 98300 12345');
    expect(fields.city).toHaveValue('Kolkata');
    expect(fields.consent).toBeChecked();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offline: says plainly the request was not sent and keeps the inputs', async () => {
    submit.mockResolvedValue({ ok: false, reason: 'offline' });
    const { fields, fill, user, send } = setup();
    await fill();
    await user.click(fields.consent);
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('cannot be sent without an internet connection');
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'You are offline', variant: 'destructive' }),
    );
    expect(fields.name).toHaveValue('Asha Sen');
    expect(fields.consent).toBeChecked();
    expect(navigate).not.toHaveBeenCalled();
  });
});

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
