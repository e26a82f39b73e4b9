// The app's one online flag lives in src/lib (the offline notice on every page reads it too).
export { useBrowserOnline } from '@/lib/use-browser-online';
