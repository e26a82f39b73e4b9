export { AppLayout } from './app-layout';
export { NotFound } from './not-found';
