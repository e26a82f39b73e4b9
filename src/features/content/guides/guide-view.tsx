import { AdviceCta, GuidePage, GuideSection } from '../components/guide';
import { Blocks } from './blocks';
import type { GuideContent, LocalizedPage } from './model';

/** Every guide and how-to, in the language of its content data. */
export function GuideView({ page }: { page: LocalizedPage<GuideContent> }) {
  const { content } = page;
  return (
    <GuidePage title={content.title} subtitle={content.subtitle}>
      {content.lead ? <Blocks blocks={content.lead} /> : null}
      {content.sections.map((section) => (
        <GuideSection key={section.title} title={section.title}>
          <Blocks blocks={section.blocks} />
        </GuideSection>
      ))}
      <AdviceCta title={content.cta.title} text={content.cta.text} />
    </GuidePage>
  );
}
