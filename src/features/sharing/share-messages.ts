import { shareErrorCodes } from '@/domain/schemas/share';
import { apiErrorText } from '@/features/tracker';
import { UNEXPECTED_RESPONSE, type ApiError } from '@/lib/api-call';
import { NOT_SENT_CODE, OFFLINE_CODE } from './api/share-call';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The catalog id of each refusal the sharing functions make (their SQLSTATEs), so the user
 * reads it in their language, and of the app's own (offline, an answer that was neither).
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
  [UNEXPECTED_RESPONSE]: 'sharing.error.unexpected',
};

/**
 * A sharing call's failure in the user's language: a refusal of the sharing functions by its
 * code; the invitation mail that was not sent with its reason; anything else as every tracker
 * screen says it (apiErrorText).
 */
export function shareErrorMessage(t: Translate, error: ApiError): string {
  if (error.code === NOT_SENT_CODE) return t('sharing.error.notSent', { detail: error.message });
  const id = error.code === null ? undefined : refusalIds[error.code];
  if (id !== undefined) return t(id);
  return apiErrorText(t, error);
}
