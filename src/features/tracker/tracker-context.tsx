import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '@/lib/use-i18n';
import {
  trackerSessions,
  unsentChangesMessage,
  type RegisterBeforeSignOut,
  type TrackerSession,
  type TrackerSessions,
} from './session';

const TrackerContext = createContext<TrackerSession | null>(null);

export function useTracker(): TrackerSession {
  const session = useContext(TrackerContext);
  if (!session) throw new Error('useTracker must be used inside <TrackerProvider>');
  return session;
}

interface TrackerProviderProps {
  /** The signed-in user's id; routes pass it from auth (features do not import each other). */
  userId: string;
  /** auth's registerBeforeSignOut: sign-out then warns about unsent changes. */
  registerBeforeSignOut?: RegisterBeforeSignOut;
  children: ReactNode;
  /** Tests hand in their own sessions (fake-indexeddb, no network). */
  sessions?: TrackerSessions;
}

interface PendingQuestion {
  pending: number;
  answer: (signOut: boolean) => void;
}

export function TrackerProvider({
  userId,
  registerBeforeSignOut,
  children,
  sessions = trackerSessions,
}: TrackerProviderProps) {
  const t = useT();
  // Acquiring is idempotent for the same user, so running it during render is safe.
  const session = useMemo(() => sessions.acquire(userId), [sessions, userId]);
  const [question, setQuestion] = useState<PendingQuestion | null>(null);
  const questionRef = useRef<PendingQuestion | null>(null);

  useEffect(() => {
    if (registerBeforeSignOut) sessions.guardSignOut(registerBeforeSignOut);
  }, [sessions, session, registerBeforeSignOut]);

  useEffect(() => {
    sessions.setConfirmer(
      (pending) =>
        new Promise<boolean>((resolve) => {
          questionRef.current?.answer(false);
          const next: PendingQuestion = {
            pending,
            answer: (signOut) => {
              questionRef.current = null;
              setQuestion(null);
              resolve(signOut);
            },
          };
          questionRef.current = next;
          setQuestion(next);
        }),
    );
    return () => {
      sessions.setConfirmer(null);
      questionRef.current?.answer(false);
    };
  }, [sessions]);

  return (
    <TrackerContext.Provider value={session}>
      {children}
      <Modal
        opened={question !== null}
        onClose={() => question?.answer(false)}
        title={t('tracker.signOut.title')}
        centered
      >
        <Stack>
          <Text>{question ? unsentChangesMessage(question.pending) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => question?.answer(false)} data-autofocus>
              {t('tracker.signOut.stay')}
            </Button>
            <Button color="red" onClick={() => question?.answer(true)}>
              {t('tracker.signOut.anyway')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TrackerContext.Provider>
  );
}
