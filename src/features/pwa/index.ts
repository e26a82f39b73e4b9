export { UpdatePrompt } from './update-prompt';
export { OfflineBanner } from './offline-banner';
export { InstallButton } from './install-button';
export { keepForOffline, type OfflineGroup } from './cache-used-files';
