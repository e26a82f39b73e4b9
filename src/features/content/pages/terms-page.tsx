import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { Bullets, GuideSection } from '../components/guide';
import { LegalPage } from '../components/legal';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Use">
      <GuideSection title="About these terms">
        <Text>
          These terms apply when you use the {site.brand} website and app, including its guides,
          calculators, callback form and policy tracker. By using the site you agree to them. If you
          do not agree, please do not use the site.
        </Text>
      </GuideSection>

      <GuideSection title="Information, not a recommendation">
        <Text>
          Our guides, news, glossary and FAQs are general information about insurance in India. They
          are not a recommendation to buy any particular product and do not replace the policy
          wording, the insurer’s prospectus or personal advice. Please read our{' '}
          <Anchor component={Link} to="/disclaimer">
            disclaimer
          </Anchor>
          .
        </Text>
      </GuideSection>

      <GuideSection title="Calculators">
        <Text>
          The calculators give estimates based on the figures you enter and on simple assumptions
          (such as inflation and rates of return) shown beside each result. Real costs, returns and
          your insurance needs may differ. Use the results as a starting point for a conversation,
          not as a final answer.
        </Text>
      </GuideSection>

      <GuideSection title="Your account and the policy tracker">
        <Bullets
          items={[
            'Keep your password secret and tell us if you think someone else has used your account.',
            'You are responsible for the accuracy of the policies and dates you enter. Renewal counters and reminders depend on them.',
            'Reminders are a convenience. They may not arrive if notifications are blocked, your device is off or a service is interrupted. Your insurer’s renewal date is what counts.',
            'Do not use the tracker to store other people’s data without their permission.',
            'We may suspend accounts used to abuse the service, attack it or store unlawful content.',
          ]}
        />
      </GuideSection>

      <GuideSection title="Callback requests">
        <Text>
          Submit a callback request only for yourself, with a number you are entitled to use. A
          request does not create any obligation for you to buy, nor for us or any insurer to offer
          cover. Any policy you buy is governed by its own terms between you and the insurer.
        </Text>
      </GuideSection>

      <GuideSection title="Content and links">
        <Text>
          The text, design and code of this site belong to {site.brand} unless stated otherwise. You
          may share links and quote short extracts with credit. Links to other websites are provided
          for convenience; we are not responsible for their content or availability.
        </Text>
      </GuideSection>

      <GuideSection title="Liability">
        <Text>
          We take care to keep the site accurate and available, but we cannot guarantee that it is
          always complete, current or free of errors. To the extent permitted by law, {site.brand}{' '}
          is not liable for losses arising from reliance on general information on the site or from
          the site being unavailable. Nothing in these terms limits rights you have under consumer
          protection law.
        </Text>
      </GuideSection>

      <GuideSection title="Governing law and contact">
        <Text>
          These terms are governed by the laws of India, and the courts at Kolkata have
          jurisdiction. Questions about these terms:{' '}
          <Anchor href={`mailto:${site.contact.email}`}>{site.contact.email}</Anchor>.
        </Text>
      </GuideSection>
    </LegalPage>
  );
}
