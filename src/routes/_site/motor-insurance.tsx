import { createFileRoute } from '@tanstack/react-router';
import { MotorInsurancePage } from '@/features/content/pages/motor-insurance-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/motor-insurance')({
  component: MotorInsurancePage,
  head: () => ({
    meta: [
      { title: pageTitle('Motor Insurance Guide') },
      {
        name: 'description',
        content:
          'Car and two-wheeler insurance explained: mandatory third-party cover, own damage, IDV, no claim bonus and the add-ons worth having.',
      },
    ],
  }),
});
