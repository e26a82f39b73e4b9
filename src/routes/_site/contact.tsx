import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/content/pages/contact-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/contact')({
  component: ContactPage,
  head: () => ({
    meta: [
      { title: pageTitle('Contact Us') },
      {
        name: 'description',
        content: 'Reach BimaGuide by chat, email or a booked call, Mon-Sat 10:00 AM-6:00 PM.',
      },
    ],
  }),
});
