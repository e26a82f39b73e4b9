import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useBrokerNote } from '@/components/credentials';
import { site } from '@/config/site';
import { useClientToday } from '@/lib/client-only';
import { useT } from '@/lib/use-i18n';
import { Bullets, GuideSection, Note } from '../components/guide';
import { LegalPage } from '../components/legal';

export function DisclaimerPage() {
  const today = useClientToday();
  const t = useT();
  const brokerNote = useBrokerNote(today);
  return (
    <LegalPage title="Disclaimer">
      <Note title="Not the official portal">{t('site.disclaimer')}</Note>

      <GuideSection title="Independent information">
        <Text>
          {site.brand} explains Bima Sugam and insurance in general terms. The names “IRDAI” and
          “Bima Sugam” are used only to describe them. For official information, rules and the
          current status of the Bima Sugam platform, refer to IRDAI and Bima Sugam India Federation
          directly.
        </Text>
      </GuideSection>

      <GuideSection title="Who gives advice and sells policies">
        <Text>{brokerNote}</Text>
        <Text>
          Insurance is the subject matter of solicitation. Read the sales brochure and policy
          wording carefully before concluding a sale. Benefits, exclusions, waiting periods and
          premiums are decided by the insurer and stated in the policy documents.
        </Text>
      </GuideSection>

      <GuideSection title="General information only">
        <Bullets
          items={[
            'Our content is general and does not take account of your personal circumstances, health or finances.',
            'Examples, figures and regulatory details were accurate to the best of our knowledge when written, but rules, premiums and tax laws change.',
            'Calculator results are estimates based on your inputs and stated assumptions.',
            'Tax benefits depend on the law in force and your chosen tax regime; consult a tax adviser.',
          ]}
        />
      </GuideSection>

      <GuideSection title="Beware of fraud">
        <Text>
          IRDAI does not sell insurance, announce bonuses or ask for money over the phone. Neither
          do we ask for OTPs or passwords. If anyone claiming to be from IRDAI, Bima Sugam or{' '}
          {site.brand} asks for payment to “register” or “release” a policy, do not pay and report
          it. Questions? See our{' '}
          <Anchor component={Link} to="/contact">
            contact page
          </Anchor>
          .
        </Text>
      </GuideSection>
    </LegalPage>
  );
}
