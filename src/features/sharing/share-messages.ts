import { shareErrorCodes } from '@/domain/schemas/share';
import type { ApiError } from '@/lib/api-call';
import { OFFLINE_CODE } from './api/share-call';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The catalog id of each refusal the sharing functions make (their SQLSTATEs), so the user
 * reads it in their language. The server's English sentence is shown for anything else.
 */
const refusalIds: Record<string, string> = {
  [shareErrorCodes.inviteSelf]: 'sharing.error.inviteSelf',
  [shareErrorCodes.invalidEmail]: 'sharing.error.invalidEmail',
  [shareErrorCodes.duplicateInvite]: 'sharing.error.duplicateInvite',
  [shareErrorCodes.expired]: 'sharing.error.expired',
  [shareErrorCodes.withdrawn]: 'sharing.error.withdrawn',
  [shareErrorCodes.declined]: 'sharing.error.declined',
  [shareErrorCodes.alreadyAccepted]: 'sharing.error.alreadyAccepted',
  [shareErrorCodes.otherAddress]: 'sharing.error.otherAddress',
  [shareErrorCodes.notFound]: 'sharing.error.notFound',
  [shareErrorCodes.invalidRole]: 'sharing.error.invalidRole',
  [shareErrorCodes.tooManyInvites]: 'sharing.error.tooManyInvites',
  [shareErrorCodes.alreadyShared]: 'sharing.error.alreadyShared',
  [shareErrorCodes.mailFailed]: 'sharing.error.mailFailed',
  [OFFLINE_CODE]: 'sharing.error.offline',
};

export function shareErrorMessage(t: Translate, error: ApiError): string {
  const id = error.code === null ? undefined : refusalIds[error.code];
  return id === undefined ? error.message : t(id);
}
