import {
  replaceFaqList,
  replaceGlossaryList,
  replaceNewsList,
  storeGlossaryTerm,
  storeNewsArticle,
} from '@/db/content-db';
import { fetchFaqs } from '../api/fetch-faqs';
import { fetchGlossaryList } from '../api/fetch-glossary-list';
import { fetchGlossaryTerm } from '../api/fetch-glossary-term';
import { fetchNewsArticle } from '../api/fetch-news-article';
import { fetchNewsList } from '../api/fetch-news-list';

// Each takes the cache key so it can be passed as a stable module-level callback.

export async function refreshNewsList(): Promise<void> {
  await replaceNewsList(await fetchNewsList());
}

export async function refreshNewsArticle(slug: string): Promise<void> {
  await storeNewsArticle(slug, await fetchNewsArticle(slug));
}

export async function refreshGlossaryList(): Promise<void> {
  await replaceGlossaryList(await fetchGlossaryList());
}

export async function refreshGlossaryTerm(slug: string): Promise<void> {
  await storeGlossaryTerm(slug, await fetchGlossaryTerm(slug));
}

export async function refreshFaqs(): Promise<void> {
  await replaceFaqList(await fetchFaqs());
}
