import { createFileRoute } from '@tanstack/react-router';
import { HealthInsurancePage } from '@/features/content/pages/health-insurance-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/health-insurance')({
  component: HealthInsurancePage,
  head: () => ({
    meta: [
      { title: pageTitle('Health Insurance Guide') },
      {
        name: 'description',
        content:
          'How health insurance works in India: cashless and reimbursement claims, TPAs, waiting periods, co-pay, room-rent limits and Section 80D.',
      },
    ],
  }),
});
