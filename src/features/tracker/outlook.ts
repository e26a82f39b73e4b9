// The premium outlook's page, kept out of the tracker's main entry (index.ts) so only the
// /policy-tracker/outlook route's chunk carries it and its chart.
export { OutlookPage } from './outlook/outlook-page';
