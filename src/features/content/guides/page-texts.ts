import type { PageMeta, Rich, TitledText } from './model';

/** The policy tracker's introduction (/policy-tracker-intro). */
export interface IntroText {
  meta: PageMeta;
  badge: string;
  title: string;
  text: string;
  start: string;
  dashboard: string;
  featuresTitle: string;
  /** In the order of their icons: dashboard, renewals, family, security. */
  features: readonly [TitledText, TitledText, TitledText, TitledText];
  howTitle: string;
  steps: readonly TitledText[];
  closing: { title: string; text: string; button: string };
}

/** The contact page (/contact); hours, location and the chat label come from the catalogs. */
export interface ContactText {
  meta: PageMeta;
  title: string;
  subtitle: string;
  chat: TitledText;
  email: TitledText;
  location: TitledText;
  hours: TitledText;
  call: { title: string; text: string; callback: string };
  footnote: Rich;
}

/** The advice page (/advice) around the callback form, which has its own texts. */
export interface AdviceText {
  meta: PageMeta;
  title: string;
  subtitle: string;
  credentialsTitle: string;
  credentials: { broker: string; life: string; general: string };
  helpTitle: string;
  help: readonly Rich[];
  talkTitle: string;
  talkText: Rich;
  callbackTitle: string;
  callbackText: string;
}
