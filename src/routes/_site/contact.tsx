import { createFileRoute } from '@tanstack/react-router';
import { loadContactText, localizedHead } from '@/features/content/guides';
import { ContactPage } from '@/features/content/pages/contact-page';

export const Route = createFileRoute('/_site/contact')({
  loader: () => loadContactText('en'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function Contact() {
    return <ContactPage text={Route.useLoaderData().content} />;
  },
});
