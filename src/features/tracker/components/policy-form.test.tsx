import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure } from '@testing-library/react';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { toast } from '@/lib/toast';
import { policyToFormValues, type PolicySubmission, type SavedPerson } from '@/domain/tracker';
import { renderWithRouter } from '../test-utils';
import { PolicyForm, type PolicyTypeChoice } from './policy-form';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

// The machines running these are shared and slow at times: give async queries room.
configure({ asyncUtilTimeout: 5000 });
const showToast = vi.mocked(toast);

const health: PolicyTypeChoice = {
  id: '6f1a0c2e-0000-4000-8000-000000000002',
  name: 'Health',
  user_id: null,
};
const vehicle: PolicyTypeChoice = {
  id: '6f1a0c2e-0000-4000-8000-000000000001',
  name: 'Vehicle',
  user_id: null,
};
const pet: PolicyTypeChoice = {
  id: '7a000000-0000-4000-8000-000000000009',
  name: 'Pet',
  icon: 'PawPrint',
  user_id: 'u1',
};
const types: PolicyTypeChoice[] = [health, vehicle, pet];
const ravi: SavedPerson = { id: 'p-ravi', name: 'Ravi', relationship: 'Husband' };
const people: SavedPerson[] = [{ id: 'p-asha', name: 'Asha', relationship: 'Self' }, ravi];

async function setup(props: Partial<Parameters<typeof PolicyForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_policy: PolicySubmission) => undefined);
  const onCreateType = vi.fn(async () => '7a000000-0000-4000-8000-00000000000a');
  const onRenameType = vi.fn(async () => undefined);
  const onDeleteType = vi.fn(async () => undefined);
  const onChangeRelationship = vi.fn(async () => undefined);
  const user = userEvent.setup();
  const view = renderWithRouter(
    <PolicyForm
      mode="create"
      types={types}
      onSubmit={onSubmit}
      onCreateType={onCreateType}
      onRenameType={onRenameType}
      onDeleteType={onDeleteType}
      people={[]}
      onChangeRelationship={onChangeRelationship}
      {...props}
    />,
    '/policy-tracker/new',
  );
  await screen.findByRole('form');
  return {
    ...view,
    user,
    onSubmit,
    onCreateType,
    onRenameType,
    onDeleteType,
    onChangeRelationship,
  };
}

async function pickType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Policy Type/ }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await pickType(user, 'Health');
  await user.type(screen.getByRole('textbox', { name: /Insurer Name/ }), 'Star Health');
  await user.type(screen.getByRole('textbox', { name: /Policy Number/ }), 'SH-123');
  await typeDate(user, /Start Date/, '15/03/2025');
  await typeDate(user, /Next Renewal Date/, '15/03/2026');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Add Policy' }));

/** Submits with `button` and gives what the form handed to onSubmit, checking it was once. */
async function submitted(
  user: ReturnType<typeof userEvent.setup>,
  onSubmit: Mock<(policy: PolicySubmission) => Promise<undefined>>,
  button = 'Add Policy',
): Promise<PolicySubmission | undefined> {
  await user.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0]?.[0];
}

beforeEach(() => showToast.mockReset());

// Typing through user-event in jsdom is slow; these tests fill many fields.
describe('PolicyForm', { timeout: 45_000 }, () => {
  it('has the fields in the spec’s order with their hints', async () => {
    await setup();
    expect(screen.getByRole('form', { name: 'Add a New Policy' })).toBeInTheDocument();
    const labels = [
      /Insurer Name/,
      /Policy Number/,
      /Product\/Plan Name/,
      /Start Date/,
      /Next Renewal Date/,
      /Renewal Frequency/,
      /Sum Insured \/ Coverage/,
      /Premium Amount/,
      /Member 1 name/,
      /Additional Details/,
    ];
    const fields = [
      screen.getByRole('combobox', { name: /Policy Type/ }),
      ...labels.map((label) => screen.getByLabelText(label)),
    ];
    fields.slice(1).forEach((field, i) => {
      // DOCUMENT_POSITION_FOLLOWING: each field comes after the one before it.
      expect((fields[i] as HTMLElement).compareDocumentPosition(field) & 4).toBe(4);
    });
    expect(screen.getByLabelText(/Renewal Frequency/)).toHaveValue('yearly');
    expect(
      within(screen.getByLabelText(/Renewal Frequency/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Monthly', 'Every 6 months', 'Yearly', 'Every 3 years']);
    expect(screen.getByLabelText(/Sum Insured/)).toHaveAttribute('placeholder', '500000');
    expect(screen.getByLabelText(/Premium Amount/)).toHaveAttribute('placeholder', '15000');
    expect(screen.getByLabelText(/Additional Details/).getAttribute('placeholder')).toMatch(/TPA/);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/policy-tracker');
  });

  it('refuses to save with required fields missing: toast and a message on each', async () => {
    const { user, onSubmit } = await setup();
    await submit(user);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Please fill all required fields.',
        variant: 'destructive',
      }),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    for (const message of [
      'Policy type is required',
      'Insurer name is required',
      'Policy number is required',
      'Start date is required',
      'Next renewal date is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('refuses a next renewal before the start date with a clear message', async () => {
    const { user, onSubmit } = await setup();
    await fillRequired(user);
    await typeDate(user, /Next Renewal Date/, '14/03/2025');
    await submit(user);
    expect(
      await screen.findByText('Next renewal date cannot be before the start date'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('saves empty optional fields as null and only complete member rows', async () => {
    const { user, onSubmit } = await setup();
    await fillRequired(user);
    expect(screen.queryByRole('button', { name: /Remove member/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Member 1 name'), 'Asha');
    await user.type(screen.getByLabelText('Member 1 relationship'), 'Self');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await user.type(screen.getByLabelText('Member 2 name'), 'Ravi');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await user.type(screen.getByLabelText('Member 3 name'), 'Mira');
    await user.type(screen.getByLabelText('Member 3 relationship'), 'Daughter');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(screen.getAllByRole('button', { name: /Remove member/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove member 4' }));
    expect(await submitted(user, onSubmit)).toEqual({
      policy_type_id: health.id,
      insurer_name: 'Star Health',
      policy_number: 'SH-123',
      product_name: null,
      start_date: '2025-03-15',
      next_renewal_date: '2026-03-15',
      renewal_frequency: 'yearly',
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
      members: [
        { name: 'Asha', relationship: 'Self' },
        { name: 'Mira', relationship: 'Daughter' },
      ],
    });
  });

  it('keeps amounts, frequency and details', async () => {
    const { user, onSubmit } = await setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText(/Renewal Frequency/), 'Every 6 months');
    await user.type(screen.getByLabelText(/Sum Insured/), '500000');
    await user.type(screen.getByLabelText(/Premium Amount/), '15000');
    await user.type(screen.getByLabelText(/Additional Details/), 'TPA: Medi Assist');
    expect(await submitted(user, onSubmit)).toEqual(
      expect.objectContaining({
        renewal_frequency: '6-monthly',
        sum_insured: 500000,
        premium_amount: 15000,
        additional_details: 'TPA: Medi Assist',
      }),
    );
  });

  it('states the notes limit and counts the characters used', async () => {
    const { user } = await setup();
    const details = screen.getByLabelText(/Additional Details/);
    expect(details).toHaveAccessibleDescription(/Up to 2,000 characters/);
    await user.type(details, 'नॉमिनी: आशा');
    expect(details).toHaveAccessibleDescription(/11 of 2,000 characters used/);
  });

  it('folds the optional contacts away, states their limits and saves them trimmed', async () => {
    const { user, onSubmit } = await setup();
    const toggle = screen.getByRole('button', { name: 'Contacts and nominee' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: /Claim Helpline/ })).not.toBeInTheDocument();
    // After the spec's last field.
    expect(screen.getByLabelText(/Additional Details/).compareDocumentPosition(toggle) & 4).toBe(4);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Contacts and nominee' });
    const helpline = within(group).getByRole('textbox', { name: "Insurer's Claim Helpline" });
    expect(helpline).toHaveAttribute('type', 'tel');
    expect(helpline).toHaveAccessibleDescription('Digits, spaces or hyphens, up to 20 characters');
    const nominee = within(group).getByRole('textbox', { name: 'Nominee' });
    expect(nominee).toHaveAccessibleDescription('Up to 100 characters');
    expect(within(group).getByRole('textbox', { name: 'TPA Name' })).toHaveAccessibleDescription(
      'Up to 120 characters',
    );
    await fillRequired(user);
    await user.type(helpline, ' 1800-425-2255 ');
    await user.type(nominee, 'Ravi Kumar');
    expect(nominee).toHaveAccessibleDescription('10 of 100 characters used');
    await user.type(within(group).getByRole('textbox', { name: 'TPA Helpline' }), '1800 425 9449');
    await user.type(
      within(group).getByRole('textbox', { name: 'Agent or Advisor Phone' }),
      '+91 98765 43210',
    );
    const saved = await submitted(user, onSubmit);
    expect(saved).toMatchObject({
      claim_helpline: '1800-425-2255',
      nominee_name: 'Ravi Kumar',
      tpa_helpline: '1800 425 9449',
      agent_phone: '+91 98765 43210',
    });
    // Never typed in: not written at all.
    expect(saved && ('tpa_name' in saved || 'agent_name' in saved)).toBe(false);
  });

  it('says what to change in a phone number, unfolding the contacts to show it', async () => {
    const { user, onSubmit } = await setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Contacts and nominee' }));
    await user.type(screen.getByRole('textbox', { name: 'TPA Helpline' }), 'call 1800');
    // Folded again before saving: the refusal still has to be seen.
    await user.click(screen.getByRole('button', { name: 'Contacts and nominee' }));
    await submit(user);
    const field = await screen.findByRole('textbox', { name: 'TPA Helpline' });
    expect(field).toHaveAccessibleDescription(
      /TPA helpline can only have digits, spaces, hyphens and a \+ at the start, e\.g\. 1800-425-2255/,
    );
    // Once the submit is over and the form enabled again.
    await waitFor(() => expect(field).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '1800--425');
    expect(field).toHaveAccessibleDescription(
      /put one space or hyphen between groups of digits, e\.g\. \+91 98765 43210/,
    );
  });

  it('creates a custom type inline and selects it', async () => {
    const { user, onCreateType } = await setup();
    await pickType(user, '+ Create a custom type');
    const dialog = await screen.findByRole('dialog', { name: 'Create a custom type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Type' }));
    expect(await within(dialog).findByText('Type name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Type Name/), 'Pet Insurance');
    // Users pick an icon by what it shows; the admin's "Icon Name (from Lucide-React)" is not here.
    expect(within(dialog).queryByText(/Lucide/)).not.toBeInTheDocument();
    const icons = within(dialog).getByRole('radiogroup', { name: 'Icon' });
    expect(within(icons).getAllByRole('radio').length).toBeGreaterThan(10);
    await user.click(within(icons).getByRole('radio', { name: 'Paw print' }));
    expect(within(icons).getByRole('radio', { name: 'Paw print' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save Type' }));
    expect(onCreateType).toHaveBeenCalledWith({ name: 'Pet Insurance', icon: 'PawPrint' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('renames and deletes the user own types, saying what happens to their policies', async () => {
    const { user, onRenameType, onDeleteType } = await setup({
      typeUsage: new Map([[pet.id, 2]]),
    });
    await pickType(user, 'Pet');
    await user.click(screen.getByRole('button', { name: 'Rename or delete your types' }));
    let dialog = await screen.findByRole('dialog', { name: 'Your types' });
    // Only the user's own type is offered, never the global ones.
    expect(within(dialog).queryByRole('button', { name: 'Rename Health' })).toBeNull();
    expect(within(dialog).getByText('2 policies')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rename Pet' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename “Pet”' });
    expect(within(dialog).getByRole('radio', { name: 'Paw print' })).toBeChecked();
    const name = within(dialog).getByLabelText(/Type Name/);
    await user.clear(name);
    await user.type(name, 'Pets');
    await user.click(within(dialog).getByRole('button', { name: 'Save Type' }));
    expect(onRenameType).toHaveBeenCalledWith(pet.id, { name: 'Pets', icon: 'PawPrint' });

    dialog = await screen.findByRole('dialog', { name: 'Your types' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Pet' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete “Pet”?' });
    expect(
      within(dialog).getByText(
        '2 of your policies use it. They stay, shown as Uncategorised until you choose another type. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete type' }));
    expect(onDeleteType).toHaveBeenCalledWith(pet.id);
    // The deleted type was the one chosen: the form no longer holds it.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Policy Type/ })).toHaveValue(''),
    );
  });

  it('picks members from the saved people, showing their relationships', async () => {
    const { user, onSubmit } = await setup({ people });
    await fillRequired(user);
    await user.click(screen.getByLabelText('Member 1 name'));
    expect(
      await screen.findByRole('option', { name: 'Ravi (Husband)', hidden: true }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Member 1 name'), 'ra');
    await user.click(await screen.findByRole('option', { name: 'Ravi (Husband)', hidden: true }));
    expect(screen.getByLabelText('Member 1 relationship')).toHaveValue('Husband');
    // A new person is added inline by typing a name and a relationship.
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await user.type(screen.getByLabelText('Member 2 name'), 'Meena');
    await user.type(screen.getByLabelText('Member 2 relationship'), 'Mother');
    expect(await submitted(user, onSubmit)).toEqual(
      expect.objectContaining({
        members: [
          { name: 'Ravi', relationship: 'Husband' },
          { name: 'Meena', relationship: 'Mother' },
        ],
      }),
    );
  });

  it('never changes a saved person silently: another relationship asks first', async () => {
    const { user, onSubmit, onChangeRelationship } = await setup({ people });
    await fillRequired(user);
    await user.type(screen.getByLabelText('Member 1 name'), 'ravi');
    await user.tab();
    // A saved name hints at the saved relationship.
    const relationship = screen.getByLabelText('Member 1 relationship');
    expect(relationship).toHaveAttribute('placeholder', 'Husband');
    await user.type(relationship, 'Spouse');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit(user);
    const question = await screen.findByRole('alert');
    expect(question).toHaveTextContent(
      'Ravi is saved as Husband. Change to Spouse on every policy?',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(
      within(question).getByRole('button', { name: 'Change to Spouse on every policy' }),
    );
    expect(onChangeRelationship).toHaveBeenCalledWith(ravi, 'Spouse');

    await user.click(within(question).getByRole('button', { name: 'Keep Husband' }));
    expect(screen.getByLabelText('Member 1 relationship')).toHaveValue('Husband');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A saved person's name alone is that person.
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await user.type(screen.getByLabelText('Member 2 name'), 'Asha');
    // Typed as "ravi", saved as the person it means.
    expect(await submitted(user, onSubmit)).toEqual(
      expect.objectContaining({
        members: [
          { name: 'Ravi', relationship: 'Husband' },
          { name: 'Asha', relationship: 'Self' },
        ],
      }),
    );
  });

  it('edits: shows the stored values and says Save Changes', async () => {
    const { user, onSubmit } = await setup({
      mode: 'edit',
      initialValues: policyToFormValues({
        policy_type_id: vehicle.id,
        insurer_name: 'ICICI Lombard',
        policy_number: 'IL-9',
        product_name: 'Car Secure',
        start_date: '2025-06-01',
        next_renewal_date: '2026-06-01',
        renewal_frequency: 'yearly',
        sum_insured: 600000,
        premium_amount: 12000,
        additional_details: null,
        members: [{ name: 'Asha', relationship: 'Self' }],
      }),
    });
    expect(await screen.findByRole('textbox', { name: /Insurer Name/ })).toHaveValue(
      'ICICI Lombard',
    );
    expect(screen.getByRole('combobox', { name: /Policy Type/ })).toHaveValue('Vehicle');
    expect(screen.getByRole('textbox', { name: /Start Date/ })).toHaveValue('01 Jun 2025');
    expect(screen.getByLabelText(/Sum Insured/)).toHaveValue('6,00,000');
    expect(screen.getByLabelText('Member 1 name')).toHaveValue('Asha');
    expect(await submitted(user, onSubmit, 'Save Changes')).toEqual(
      expect.objectContaining({ insurer_name: 'ICICI Lombard', sum_insured: 600000 }),
    );
  });

  it('edits: shows the stored contacts, saves only the ones changed', async () => {
    const { user, onSubmit } = await setup({
      mode: 'edit',
      initialValues: policyToFormValues({
        policy_type_id: health.id,
        insurer_name: 'Star Health',
        policy_number: 'SH-1',
        product_name: null,
        start_date: '2025-06-01',
        next_renewal_date: '2026-06-01',
        renewal_frequency: 'yearly',
        sum_insured: null,
        premium_amount: null,
        additional_details: null,
        nominee_name: 'Ravi Kumar',
        claim_helpline: '1800-425-2255',
        tpa_name: 'Medi Assist',
        members: [],
      }),
    });
    // Stored contacts show at once, unfolded.
    const group = screen.getByRole('group', { name: 'Contacts and nominee' });
    expect(within(group).getByRole('textbox', { name: 'Nominee' })).toHaveValue('Ravi Kumar');
    expect(within(group).getByRole('textbox', { name: "Insurer's Claim Helpline" })).toHaveValue(
      '1800-425-2255',
    );
    const untouched = (await submitted(user, onSubmit, 'Save Changes')) ?? {};
    for (const field of ['nominee_name', 'claim_helpline', 'tpa_name', 'agent_phone']) {
      expect(field in untouched, field).toBe(false);
    }

    await user.clear(within(group).getByRole('textbox', { name: 'Nominee' }));
    await user.type(
      within(group).getByRole('textbox', { name: 'Agent or Advisor Name' }),
      'Sunita',
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const edited = onSubmit.mock.calls[1]?.[0] ?? {};
    expect(edited).toMatchObject({ nominee_name: null, agent_name: 'Sunita' });
    expect('claim_helpline' in edited).toBe(false);
  });
});
