-- Starter content: global policy types, news, glossary and FAQs. No users are seeded; the
-- admin is whoever's email is inserted into public.admins (see README, deploy section).
-- Safe to run more than once: every insert skips rows that already exist.

-- ---------------------------------------------------------------------------------------
-- Global policy types (fixed ids so every environment and every device agrees on them).
-- ---------------------------------------------------------------------------------------
insert into public.policy_types (id, name, icon, user_id) values
  ('6f1a0c2e-0000-4000-8000-000000000001', 'Vehicle', 'Car', null),
  ('6f1a0c2e-0000-4000-8000-000000000002', 'Health', 'HeartPulse', null),
  ('6f1a0c2e-0000-4000-8000-000000000003', 'ULIP', 'TrendingUp', null),
  ('6f1a0c2e-0000-4000-8000-000000000004', 'Term', 'Umbrella', null)
on conflict do nothing;

-- ---------------------------------------------------------------------------------------
-- News
-- ---------------------------------------------------------------------------------------
insert into public.news (title, slug, excerpt, content, created_at) values
(
  'Bima Sugam: what the planned insurance marketplace means for you',
  'bima-sugam-what-the-planned-marketplace-means-for-you',
  'IRDAI''s one-stop digital insurance platform is being rolled out in phases. Here is what it is meant to do and what you can do today.',
  'Bima Sugam is a digital insurance marketplace backed by the Insurance Regulatory and Development Authority of India (IRDAI). It is being built by the Bima Sugam India Federation, a not-for-profit company set up with participation from insurers.

The idea is simple: one place where people can compare and buy life, health and general insurance, keep their policies, request service and raise claims, with insurers, agents and brokers all connected to the same platform.

The platform is being introduced in phases, so not every feature is available to everyone yet. Until it is, policies continue to be bought and serviced through insurers, their agents and licensed brokers, exactly as before.

What you can do now:
- Keep a list of every policy you hold, with policy numbers and renewal dates.
- Open an e-Insurance Account so your policies are held electronically in one place.
- Make sure nominee details are correct on every policy.

This site is independent and is not affiliated with IRDAI or the official Bima Sugam platform.',
  '2025-10-20 09:00:00+05:30'
),
(
  'Free-look period: your right to return a new policy',
  'free-look-period-your-right-to-return-a-new-policy',
  'Bought a policy that does not suit you? The free-look period lets you cancel it and get your premium back, minus a few deductions.',
  'Every new life and health insurance policy comes with a free-look period: a window after you receive the policy document in which you can read the terms and return the policy if it is not what you expected.

Under IRDAI''s current policyholder-protection rules the free-look period for most new life and health policies is 30 days from receipt of the policy document. Check the exact period printed in your policy.

If you cancel within this window, the insurer refunds the premium after deducting proportionate risk premium for the days you were covered, stamp duty and, for some policies, medical examination costs. For unit-linked plans the refund also reflects the change in fund value.

Tip: note the date you received the document. The free-look clock starts from then, not from the date you paid.',
  '2025-10-14 09:00:00+05:30'
),
(
  'How cashless health insurance claims work',
  'how-cashless-health-insurance-claims-work',
  'A cashless claim means the insurer settles the hospital bill directly. Here is what happens at a network hospital, step by step.',
  'With a cashless claim you do not pay the covered part of the hospital bill yourself: the insurer, often through a Third Party Administrator (TPA), pays the network hospital directly.

1. Choose a network hospital. Your insurer publishes the list; the hospital''s insurance desk can confirm it.
2. Pre-authorisation. For planned treatment, request it a few days in advance; for an emergency, within the time your policy states (often 24 hours of admission). The hospital sends the request with your policy details and the doctor''s notes.
3. Approval. The insurer or TPA approves an amount, asks for more documents, or declines with a reason.
4. Discharge. The final bill is sent for approval. You pay only what the policy does not cover, such as consumables, co-payment or amounts above a room-rent limit.

Keep your health card or policy number, photo ID and doctor''s prescriptions handy. If cashless is refused, you can usually still pay and file a reimbursement claim.',
  '2025-10-07 09:00:00+05:30'
),
(
  'Motor insurance renewal checklist: IDV, NCB and add-ons',
  'motor-insurance-renewal-checklist-idv-ncb-add-ons',
  'Renewing car or bike insurance? Check these five things before you pay.',
  'Third-party motor insurance is compulsory in India, and driving with a lapsed policy risks fines and leaves you personally liable for damage to others. Before renewing:

- Renew on time. A lapsed own-damage cover may need a fresh vehicle inspection, and a long gap can cost you your No Claim Bonus.
- Check the IDV. The Insured Declared Value is the most the insurer pays if the vehicle is stolen or written off. A lower IDV cuts the premium but also the payout.
- Carry forward your NCB. If you made no claim last year, your own-damage premium discount should step up. Switching insurer? Your NCB goes with you.
- Review add-ons such as zero depreciation, engine protection and roadside assistance; keep the ones that fit how old your vehicle is and how you use it.
- Update your details: registration, nominee for the personal accident cover, and contact number.',
  '2025-09-30 09:00:00+05:30'
),
(
  'Why keep your policies in an e-Insurance Account',
  'why-keep-your-policies-in-an-e-insurance-account',
  'An e-Insurance Account holds your policies electronically in one place, which helps you and your family when it matters.',
  'An e-Insurance Account (eIA) is an account with an IRDAI-registered insurance repository in which your policies are held in electronic form, much like a demat account holds shares.

Why it helps:
- One login shows all your policies across insurers.
- Changing your address or phone number once updates it for every policy in the account.
- No paper documents to lose, and your nominee or family know where to look.

Opening an eIA is free for policyholders. You need KYC documents and a photograph; many insurers let you open one while buying a new policy. As Bima Sugam is rolled out, electronic policy records like these are expected to matter even more.',
  '2025-09-22 09:00:00+05:30'
)
on conflict (slug) do nothing;

-- ---------------------------------------------------------------------------------------
-- Glossary
-- ---------------------------------------------------------------------------------------
insert into public.glossary (term, slug, definition, context) values
(
  'Premium', 'premium',
  'The amount you pay the insurer, monthly, half-yearly, yearly or once, to keep your policy in force.',
  'Premiums depend on your age, health, the sum insured, add-ons and claim history. GST is charged on most insurance premiums.'
),
(
  'Sum Insured', 'sum-insured',
  'The maximum amount the insurer will pay for covered claims during the policy period. In life insurance it is usually called the sum assured.',
  'For a family floater health policy, the sum insured is shared by everyone covered.'
),
(
  'Claim Settlement Ratio', 'claim-settlement-ratio',
  'The percentage of claims an insurer settled out of all claims it received in a financial year.',
  'A higher ratio is a useful signal, but also look at how quickly claims are settled and the share settled in full.'
),
(
  'Third Party Administrator (TPA)', 'tpa',
  'An IRDAI-licensed company that processes health insurance claims and cashless approvals on behalf of an insurer.',
  'Your health card may carry the TPA''s name and helpline number.'
),
(
  'Cashless Claim', 'cashless-claim',
  'A claim in which the insurer pays a network hospital directly, so you pay only the amounts your policy does not cover.',
  'Planned treatment needs pre-authorisation in advance; emergencies must be intimated within the time your policy states.'
),
(
  'Co-payment', 'co-payment',
  'A fixed percentage of every admissible claim that you pay yourself, for example 10% or 20%, with the insurer paying the rest.',
  'Co-payment clauses are common in senior-citizen health plans and lower the premium.'
),
(
  'Waiting Period', 'waiting-period',
  'The time after a policy starts during which some conditions are not covered, such as pre-existing diseases or specific illnesses.',
  'Most health policies also have an initial waiting period of about 30 days for illnesses other than accidents.'
),
(
  'No Claim Bonus (NCB)', 'no-claim-bonus',
  'A reward for a claim-free year: a discount on the own-damage premium in motor insurance, or an increase in the sum insured in health insurance.',
  'In motor insurance the NCB belongs to you, not the vehicle, and can be carried to a new insurer.'
),
(
  'Insured Declared Value (IDV)', 'idv',
  'The current market value of a vehicle as agreed in the motor policy; the most the insurer pays if the vehicle is stolen or damaged beyond repair.',
  'IDV is roughly the manufacturer''s listed price minus age-based depreciation.'
),
(
  'Free-look Period', 'free-look-period',
  'A window after you receive a new life or health policy in which you may return it and get the premium back, minus small deductions.',
  'The free-look period starts when you receive the policy document. Check the exact number of days in your policy.'
),
(
  'Nominee', 'nominee',
  'The person you name to receive the policy money if you die while the policy is in force.',
  'Keep nominee details up to date after marriage, childbirth or other life events.'
),
(
  'Rider', 'rider',
  'An optional add-on to a base policy that adds cover for an extra premium, such as accidental death or critical illness.',
  null
),
(
  'Sub-limit', 'sub-limit',
  'A cap on how much a health policy pays for a particular treatment or expense, even when the overall sum insured is higher.',
  'Typical sub-limits apply to cataract surgery, ambulance charges or specific procedures.'
),
(
  'Room Rent Capping', 'room-rent-capping',
  'A limit on the hospital room charges a health policy pays per day, often a percentage of the sum insured or a fixed room category.',
  'Choosing a costlier room than the cap can reduce the payout for other related charges too, not just the room.'
),
(
  'Deductible', 'deductible',
  'The amount you bear for a claim before the insurer starts paying.',
  'Top-up and super top-up health plans use a deductible; a voluntary deductible in motor insurance lowers the premium.'
),
(
  'Grace Period', 'grace-period',
  'Extra time after the premium due date during which you can still pay and keep the policy running without losing benefits.',
  'Commonly 30 days for yearly, half-yearly and quarterly premiums and 15 days for monthly premiums; check your policy.'
),
(
  'Surrender Value', 'surrender-value',
  'The amount a life insurer pays if you end a savings or investment policy before maturity.',
  'Surrendering early usually returns less than the premiums paid.'
),
(
  'e-Insurance Account (eIA)', 'e-insurance-account',
  'An account with an insurance repository that holds your insurance policies in electronic form.',
  'Opening one is free for policyholders and lets you update contact details once for all policies.'
),
(
  'Portability', 'portability',
  'Your right to move a health insurance policy to another insurer at renewal while keeping credit for waiting periods already served.',
  'Apply to the new insurer well before your renewal date.'
),
(
  'Bima Sugam', 'bima-sugam',
  'A digital insurance marketplace backed by IRDAI, being rolled out in phases, meant to let people buy, manage and claim on insurance from one platform.',
  'This site is independent and not affiliated with IRDAI or the official Bima Sugam platform.'
)
on conflict (slug) do nothing;

-- ---------------------------------------------------------------------------------------
-- FAQs (fixed ids, because questions have no natural unique key; listed newest first, so
-- the created_at values put the basics on top)
-- ---------------------------------------------------------------------------------------
insert into public.faqs (id, question, answer, created_at) values
(
  '8c1e5d40-0000-4000-8000-000000000001',
  'What is Bima Sugam?',
  'Bima Sugam is a digital insurance marketplace backed by IRDAI. It is meant to bring insurers, intermediaries and policyholders onto one platform to compare and buy policies, keep them in one place, request service and make claims.',
  '2025-10-23 10:11:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000002',
  'Is Bima Sugam available to everyone today?',
  'Not fully. The platform is being rolled out in phases, so features arrive step by step. Until then you can buy and service policies through insurers, their agents and licensed brokers as usual.',
  '2025-10-23 10:10:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000003',
  'Is this website the official Bima Sugam portal?',
  'No. This is an independent information website run by a licensed insurance point-of-sales person working with a broking partner. It is not affiliated with IRDAI or the official Bima Sugam platform.',
  '2025-10-23 10:09:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000004',
  'Will I have to pay to use Bima Sugam?',
  'Bima Sugam is intended to be free to use for policyholders. You pay the premium for the policy you buy, as you would anywhere else.',
  '2025-10-23 10:08:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000005',
  'How much life cover do I need?',
  'A common starting point is the Human Life Value method: your annual income multiplied by the years left to retirement, plus your loans, minus the cover you already have. Try the calculator on the home page, then discuss the result with an advisor.',
  '2025-10-23 10:07:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000006',
  'What is the difference between sum insured and premium?',
  'The sum insured is the most the insurer will pay for covered claims. The premium is what you pay the insurer to keep the policy active.',
  '2025-10-23 10:06:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000007',
  'What happens if I miss my renewal date?',
  'Most policies give a grace period in which you can still pay. A health policy renewed within it keeps its continuity benefits, though claims for events during the gap may not be covered. After the grace period the policy lapses: a lapsed health policy loses waiting-period credit, and a lapsed motor policy may need an inspection and can cost you your No Claim Bonus.',
  '2025-10-23 10:05:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000008',
  'Can I move my health insurance to another insurer?',
  'Yes. Health insurance portability lets you switch insurers at renewal and keep credit for waiting periods already served. Apply to the new insurer well before your renewal date; they may ask for your claim history and medical details.',
  '2025-10-23 10:04:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000009',
  'Is my employer''s group health cover enough?',
  'Group cover usually ends when you leave the job and may have a modest sum insured. A personal health policy that you keep across jobs protects you between jobs and after retirement, and builds up waiting-period credit.',
  '2025-10-23 10:03:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000010',
  'Which documents do I need for a health insurance claim?',
  'Usually your policy number or health card, photo ID, the doctor''s prescription and admission note, bills and receipts, investigation reports and the discharge summary. For reimbursement claims also keep a cancelled cheque for the bank transfer.',
  '2025-10-23 10:02:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000011',
  'Who can see the policies I add to the Policy Tracker?',
  'Only you. Your policies are stored against your account, kept on your device for offline use and synced to your account so they are available on your other devices. Other users cannot see them.',
  '2025-10-23 10:01:00+05:30'
),
(
  '8c1e5d40-0000-4000-8000-000000000012',
  'What is a free-look period?',
  'It is a window after you receive a new life or health policy during which you can cancel it and get a refund of the premium, less proportionate risk premium and small costs such as stamp duty. The number of days is printed in your policy document.',
  '2025-10-23 10:00:00+05:30'
)
on conflict do nothing;
