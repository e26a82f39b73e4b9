export { LanguageSwitcher } from './language-switcher';
export { useProfileLocale } from './use-profile-locale';
