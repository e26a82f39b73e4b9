import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { useClientToday } from '@/lib/client-only';
import { useT } from '@/lib/use-i18n';
import { CredentialCards } from '../components/credential-cards';

export function AboutPage() {
  const today = useClientToday();
  const t = useT();
  return (
    <Container size="md" py="xl">
      <PageHeader
        title={`About ${site.brand}`}
        subtitle="Independent, plain-language insurance guidance for Indian families."
      />
      <Stack gap="xl">
        <section>
          <Title order={2} mb="sm">
            Why we started
          </Title>
          <Text mb="sm">
            Most Indian families hold several insurance policies — a two-wheeler or car policy, a
            family floater health plan, perhaps a term plan and an old endowment or ULIP bought from
            a relative. Each comes from a different insurer, renews on a different date and hides
            its most important conditions in the fine print. Policies lapse because a renewal SMS
            was missed; claims are delayed because nobody knew which documents the TPA needed.
          </Text>
          <Text>
            When IRDAI announced Bima Sugam, a single digital marketplace for buying, renewing and
            claiming insurance, we saw a chance to help people understand what is changing and what
            is not. {site.brand} explains it in everyday language, without the sales pressure.
          </Text>
        </section>

        <section>
          <Title order={2} mb="sm">
            What you will find here
          </Title>
          <List spacing="xs">
            <List.Item>
              Guides to{' '}
              <Anchor component={Link} to="/what-is-bima-sugam">
                Bima Sugam
              </Anchor>
              ,{' '}
              <Anchor component={Link} to="/health-insurance">
                health
              </Anchor>
              ,{' '}
              <Anchor component={Link} to="/term-insurance">
                term
              </Anchor>{' '}
              and{' '}
              <Anchor component={Link} to="/motor-insurance">
                motor
              </Anchor>{' '}
              insurance.
            </List.Item>
            <List.Item>
              Calculators for life cover, BMI, retirement and your child&apos;s education.
            </List.Item>
            <List.Item>
              A free{' '}
              <Anchor component={Link} to="/policy-tracker-intro">
                policy tracker
              </Anchor>{' '}
              that works offline and reminds you before a renewal is due.
            </List.Item>
            <List.Item>
              A{' '}
              <Anchor component={Link} to="/glossary">
                glossary
              </Anchor>{' '}
              of insurance terms and answers to{' '}
              <Anchor component={Link} to="/faq">
                common questions
              </Anchor>
              .
            </List.Item>
          </List>
        </section>

        <section>
          <Title order={2} mb="sm">
            How we are licensed
          </Title>
          <Text mb="md">
            Advice and sales are provided by a licensed Point of Sales Person (POSP) working with an
            IRDAI-licensed insurance broking partner. A broker can compare plans from many insurers,
            unlike an agent tied to one company.
          </Text>
          <CredentialCards
            titles={{
              broker: 'Broker licence',
              life: 'Life certification',
              general: 'General certification',
            }}
            brokerName={`No. ${site.licence.brokerNumber}`}
            pospName="POSP certification"
            today={today}
          />
        </section>

        <section>
          <Title order={2} mb="sm">
            What we are not
          </Title>
          <Text mb="sm">{t('site.disclaimer')}</Text>
          <Text>
            For official information, always refer to the regulator and to your insurer&apos;s own
            documents. Our guides are general information, not a recommendation for any single
            product.
          </Text>
        </section>

        <section>
          <Title order={2} mb="sm">
            Our promise
          </Title>
          <List spacing="xs">
            <List.Item>We explain exclusions as clearly as benefits.</List.Item>
            <List.Item>We never sell your phone number or email to anyone.</List.Item>
            <List.Item>
              Your policy tracker data belongs to you: only you can see it, and you can delete it at
              any time.
            </List.Item>
            <List.Item>
              If we do not know an answer, we say so and point you to the right authority.
            </List.Item>
          </List>
        </section>

        <section>
          <Title order={2} mb="sm">
            Talk to us
          </Title>
          <Text>
            Based in {t('site.location')}, we help families across India, {t('site.hours')}. Visit
            the{' '}
            <Anchor component={Link} to="/contact">
              contact page
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to="/advice">
              request a callback
            </Anchor>
            .
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
