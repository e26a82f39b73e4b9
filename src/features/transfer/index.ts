// Export and import of the user's policies (CSV and BimaGuide JSON), made and read on the
// device. Routes compose TransferPage inside the tracker's provider.
export { TransferPage } from './transfer-page';
