import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { Bullets, GuideSection, SubSection } from '../components/guide';
import { LegalPage } from '../components/legal';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <GuideSection title="Summary">
        <Text>
          {site.brand} collects only what it needs to answer your requests and to run the policy
          tracker you choose to use. We do not sell or rent your personal data, we do not show
          advertising, and we do not use advertising or cross-site tracking cookies. This policy
          explains what we collect, where it is kept, who can see it and how you can have it
          deleted, in line with India’s Digital Personal Data Protection Act, 2023.
        </Text>
      </GuideSection>

      <GuideSection title="Callback requests">
        <Text>
          When you submit the callback form on the{' '}
          <Anchor component={Link} to="/advice">
            advice page
          </Anchor>
          , we store your name, mobile number, city, the product you are interested in and the time
          of the request in our database. Only our licensed advisor (the site administrator) can see
          these requests; other visitors cannot read them, not even the person who sent one.
        </Text>
        <Bullets
          items={[
            'Purpose: to call or message you about your enquiry, and for nothing else.',
            'Legal basis: your consent, given by ticking the consent box before you submit.',
            'Sharing: if you decide to buy or service a policy, your details are shared with our IRDAI-licensed broking partner and the insurer you choose, because the law requires a licensed intermediary to handle the sale.',
            'Retention: we keep a request only as long as needed to respond and follow up, and delete it when you ask us to.',
          ]}
        />
      </GuideSection>

      <GuideSection title="Accounts and the policy tracker">
        <Text>
          If you create an account, we store your email address and a securely hashed password (or
          the identity your sign-in provider, such as Google, confirms). Policies, policy types and
          family members you add to the tracker are stored on your device so the tracker works
          offline, and synchronised with our database so you can use them on other devices.
        </Text>
        <Bullets
          items={[
            'Only you can see your policies. The administrator can view or delete a user’s policies only to provide support or remove abuse.',
            'Do not enter medical records or bank details in the tracker; policy numbers, insurers, dates and amounts are all it needs.',
            'You can delete any policy at any time. Ask us to delete your account and all its data and we will do so.',
            'If you allow notifications, we store the push subscription your browser gives us, only to send renewal reminders. You can switch them off at any time.',
          ]}
        />
      </GuideSection>

      <GuideSection title="Data stored in your browser">
        <SubSection title="Local storage and offline data">
          <Text>
            We use your browser’s storage to keep you signed in, to remember that you have closed
            the bookmark tip, and to keep copies of pages, news, glossary terms and FAQs you have
            viewed so they open offline. This data stays on your device; clearing your browser data
            removes it.
          </Text>
        </SubSection>
        <SubSection title="Cookies">
          <Text>
            We do not use advertising or analytics cookies. Sites you open from our links, such as
            WhatsApp or the booking page, have their own privacy policies.
          </Text>
        </SubSection>
      </GuideSection>

      <GuideSection title="Where data is stored and how it is protected">
        <Text>
          Our database is operated by a cloud database provider. Connections are encrypted, access
          to each table is restricted by database rules so visitors and users can reach only what
          they are allowed to, and administrative keys never leave our servers.
        </Text>
      </GuideSection>

      <GuideSection title="Your rights">
        <Bullets
          items={[
            'Ask what personal data we hold about you and get a copy.',
            'Ask us to correct or delete it.',
            'Withdraw your consent at any time; we will stop contacting you.',
            'Nominate someone to exercise these rights for you in case of death or incapacity.',
            'Complain to us and, if not satisfied, to the Data Protection Board of India.',
          ]}
        />
        <Text>
          To exercise any of these rights, email{' '}
          <Anchor href={`mailto:${site.contact.email}`}>{site.contact.email}</Anchor>. We reply
          within 30 days.
        </Text>
      </GuideSection>

      <GuideSection title="Changes to this policy">
        <Text>
          If we change how we use your data, we will update this page and the date at the top.
          Significant changes will be highlighted on the site.
        </Text>
      </GuideSection>
    </LegalPage>
  );
}
