import { useT } from '@/lib/use-i18n';

/**
 * The not-found page's words without its layout's code: shown while that code cannot load, so
 * an unknown address never leaves an empty page (its texts are in the catalog every page loads).
 */
export function PlainNotFound() {
  const t = useT();
  return (
    <div style={{ padding: '4rem 1rem', textAlign: 'center' }}>
      <h1>{t('shell.notFound.title')}</h1>
      <p>{t('shell.notFound.body')}</p>
      <a href="/">{t('shell.notFound.home')}</a>
    </div>
  );
}
