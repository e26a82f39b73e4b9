import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { TitledPanel } from '@/components/ui/panel';
import { IconDotsVertical, IconPencil, IconPhone, IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingStatus } from '@/components/ui/loading-status';
import { policyStatus, type IsoDate } from '@/domain/policy';
import { idSchema } from '@/domain/schemas';
import { policyContacts, policyPermissions, telHref, type PolicyContact } from '@/domain/tracker';
import { BackLink } from '@/components/ui/back-link';
import { formatRupees } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { readPolicy, type PolicyView } from '@/sync';
import { PolicyActionsMenu } from '../components/policy-actions-menu';
import { PolicyDialogs, usePolicyDialogs } from '../components/policy-dialogs';
import { PolicyTypeIcon } from '../components/policy-type-icon';
import { FailedChanges, SyncStateBadge } from '../components/sync-badge';
import { SharedWithYouPanel } from '../sharing/shared-with-you-panel';
import { useLiveRead } from '../hooks/use-live-read';
import { usePolicyActions, type PolicyActions } from '../hooks/use-policy-actions';
import { useToday } from '../hooks/use-today';
import { useTrackerStatus } from '../hooks/use-tracker-status';
import { useTracker } from '../tracker-context';
import classes from '../components/tracker.module.css';
import { policyDate, statusBadge, statusText, typeName } from '../words';

type Translate = ReturnType<typeof useT>;

interface PolicyPageProps {
  /** From the address; anything that is not a stored policy's id shows "Policy not found". */
  policyId: string;
  /** The policy's documents, composed in by the route; shown after the details and contacts. */
  documents?: ReactNode;
  /** The policy's payments, composed in by the route; shown after the documents. */
  payments?: ReactNode;
  /** Who has access (family sharing, the owner only), composed in by the route; shown last. */
  sharing?: ReactNode;
}

interface OpenMenu {
  trigger: HTMLButtonElement;
  focus: 'first' | 'last';
}

function NotAdded() {
  const t = useT();
  return (
    <Text span c="dimmed" fz="sm">
      {t('tracker.page.notAdded')}
    </Text>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Who a call reaches, for the call button's name: 'Medi Assist (TPA)'. */
function callee(t: Translate, contact: PolicyContact): string {
  const label = t(`tracker.contact.${contact.id}`);
  return contact.name === null ? label : t('tracker.page.callee', { name: contact.name, label });
}

function ContactList({ policy, editable }: { policy: PolicyView; editable: boolean }) {
  const t = useT();
  const contacts = policyContacts(policy);
  if (contacts.length === 0) {
    return (
      <Text fz="sm">
        {t('tracker.page.noContacts')}{' '}
        {editable ? (
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/policy-tracker/edit/$id" params={{ id: policy.id }} />
            )}
          >
            {t('tracker.page.addContacts')}
          </Anchor>
        ) : null}
      </Text>
    );
  }
  return (
    <dl className={classes.pageFacts}>
      {contacts.map((contact) => (
        <Fact key={contact.id} label={t(`tracker.contact.${contact.id}`)}>
          <Stack gap={4} align="flex-start">
            {contact.name !== null ? <span>{contact.name}</span> : null}
            {contact.phone !== null ? (
              <Button
                component="a"
                href={telHref(contact.phone)}
                variant="light"
                size="sm"
                leftSection={<IconPhone size={16} aria-hidden />}
                aria-label={t('tracker.page.call', {
                  callee: callee(t, contact),
                  phone: contact.phone,
                })}
              >
                {contact.phone}
              </Button>
            ) : null}
          </Stack>
        </Fact>
      ))}
    </dl>
  );
}

function PolicyDetails({
  policy,
  today,
  actions,
  onRenew,
  menuId,
  menuOpen,
  onMenu,
}: {
  policy: PolicyView;
  today: IsoDate;
  actions: PolicyActions;
  onRenew: () => void;
  menuId: string;
  menuOpen: boolean;
  onMenu: (trigger: HTMLButtonElement, focus: 'first' | 'last' | 'toggle') => void;
}) {
  const t = useT();
  const status = policyStatus(policy.next_renewal_date, today);
  const subject = `${policy.insurer_name} ${policy.policy_number}`;
  // A policy shared with the user (issue 18): their role decides which actions are offered.
  const may = policyPermissions(policy.shared?.role ?? null);
  // The menu-button pattern, as on the cards: the arrow keys open the menu on an end item.
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    onMenu(event.currentTarget, event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <span className={classes.typeIcon}>
          <PolicyTypeIcon name={policy.type?.icon} size={24} />
        </span>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {policy.insurer_name}
          </Title>
          <Text c="dimmed">
            {policy.type ? typeName(t, policy.type) : t('tracker.card.uncategorised')}
          </Text>
        </Stack>
      </Group>

      <div className={classes.statusLine}>
        <span className={classes.statusBadge} data-status={status.status}>
          {statusBadge(t, status)}
        </span>
        <span>{statusText(t, status)}</span>
        <SyncStateBadge state={policy.sync} />
      </div>

      <Group gap="xs">
        {may.renew ? (
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRenew}>
            {t('tracker.markRenewed')}
          </Button>
        ) : null}
        {may.edit ? (
          <Button
            renderRoot={(props) => (
              <Link {...props} to="/policy-tracker/edit/$id" params={{ id: policy.id }} />
            )}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('tracker.page.edit')}
          </Button>
        ) : null}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tracker.card.moreActions', { subject })}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={(event) => onMenu(event.currentTarget, 'toggle')}
          onKeyDown={onTriggerKeyDown}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Group>

      <FailedChanges
        changes={policy.failedOps}
        subject={subject}
        onRetry={actions.retry}
        onDiscard={actions.discard}
      />

      {policy.shared ? <SharedWithYouPanel shared={policy.shared} /> : null}

      <TitledPanel title={t('tracker.page.details')}>
        <dl className={classes.pageFacts}>
          <Fact label={t('tracker.card.policyNumber')}>{policy.policy_number}</Fact>
          <Fact label={t('tracker.page.plan')}>{policy.product_name ?? <NotAdded />}</Fact>
          <Fact label={t('tracker.page.start')}>{policyDate(policy.start_date)}</Fact>
          <Fact label={t('tracker.page.nextRenewal')}>{policyDate(policy.next_renewal_date)}</Fact>
          <Fact label={t('tracker.page.frequency')}>
            {t(`tracker.frequency.${policy.renewal_frequency}`)}
          </Fact>
          <Fact label={t('tracker.page.sumInsured')}>
            {policy.sum_insured === null ? <NotAdded /> : formatRupees(policy.sum_insured)}
          </Fact>
          <Fact label={t('tracker.page.premium')}>
            {policy.premium_amount === null ? <NotAdded /> : formatRupees(policy.premium_amount)}
          </Fact>
          <Fact label={t('tracker.card.members')}>
            {policy.members.length > 0 ? (
              <ul className={classes.memberList}>
                {policy.members.map((m) => (
                  <li key={m.person_id}>
                    {t('tracker.card.member', { name: m.name, relationship: m.relationship })}
                  </li>
                ))}
              </ul>
            ) : (
              t('tracker.card.noMembers')
            )}
          </Fact>
          <Fact label={t('tracker.page.details.notes')}>
            {policy.additional_details === null ? (
              <NotAdded />
            ) : (
              <span className={classes.notes}>{policy.additional_details}</span>
            )}
          </Fact>
        </dl>
      </TitledPanel>

      <TitledPanel title={t('tracker.contacts.title')}>
        <ContactList policy={policy} editable={may.edit} />
      </TitledPanel>
    </Stack>
  );
}

function NotFound() {
  const t = useT();
  return (
    <EmptyState
      page
      title={t('tracker.page.notFound')}
      text={t('tracker.page.notFoundText')}
      action={
        <Button component={Link} to="/policy-tracker">
          {t('tracker.page.back')}
        </Button>
      }
    />
  );
}

/**
 * One policy: every field, its status, covered members and contacts (tap to call), and its
 * actions (Mark Renewed, Edit, Add to calendar, Delete). It reads the local store only, as
 * the dashboard does, so it opens offline exactly as online; a policy deleted meanwhile (here
 * or on another device) turns into "Policy not found".
 */
export function PolicyPage({ policyId, documents, payments, sharing }: PolicyPageProps) {
  const t = useT();
  const { db } = useTracker();
  const navigate = useNavigate();
  const today = useToday();
  const { status, awaitingFirstSync } = useTrackerStatus();
  const actions = usePolicyActions();
  const dialogs = usePolicyDialogs();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const validId = idSchema.safeParse(policyId).success;
  const read = useLiveRead(
    async () => ({ policy: validId ? await readPolicy(db, policyId) : undefined }),
    [db, policyId, validId],
    'tracker.error.policy',
  );
  const policy = read?.policy;

  // Deleting here leaves for the dashboard: from the moment it starts, so the page never
  // flashes "Policy not found" for the policy the user has just deleted.
  const dialogActions = useMemo(
    () => ({
      renew: actions.renew,
      undoRenewal: actions.undoRenewal,
      remove: async (id: string) => {
        setLeaving(true);
        try {
          return await actions.remove(id);
        } catch (error) {
          setLeaving(false);
          throw error;
        }
      },
    }),
    [actions],
  );

  // Deleted elsewhere while its menu or a dialog was open: they go with it, and would not
  // come back by themselves if it were restored.
  if (read !== undefined && !policy && !leaving) {
    if (menu) setMenu(null);
    if (dialogs.renewing) dialogs.closeRenew();
    if (dialogs.deleting) dialogs.closeDelete();
  }

  let body: ReactNode;
  if (leaving) {
    body = null;
  } else if (read === undefined || (!policy && validId && awaitingFirstSync)) {
    body = <LoadingStatus label={t('tracker.form.loading')} />;
  } else if (!policy) {
    body = <NotFound />;
  } else {
    body = (
      <>
        <PolicyDetails
          policy={policy}
          today={today}
          actions={actions}
          onRenew={() => dialogs.askRenew(policy)}
          menuId={menuId}
          menuOpen={menu !== null}
          onMenu={(trigger, request) =>
            setMenu((open) =>
              request === 'toggle'
                ? open
                  ? null
                  : { trigger, focus: 'first' }
                : { trigger, focus: request },
            )
          }
        />
        {/* The documents section (issue 17), composed in by the route. */}
        {documents}
        {/* The payments section, composed in by the route. */}
        {payments}
        {sharing}
      </>
    );
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {/* "Policy not found" has its own, larger way back. */}
        {read !== undefined && !policy ? null : (
          <BackLink to="/policy-tracker" label={t('tracker.page.back')} />
        )}
        {body}
      </Stack>
      {menu && policy ? (
        <PolicyActionsMenu
          id={menuId}
          policy={policy}
          trigger={menu.trigger}
          focus={menu.focus}
          onClose={() => setMenu(null)}
          onDelete={dialogs.askDelete}
          onAddToCalendar={actions.addToCalendar}
          onShare={actions.share}
          withEdit={false}
        />
      ) : null}
      {policy || leaving ? (
        <PolicyDialogs
          dialogs={dialogs}
          actions={dialogActions}
          online={status.online}
          today={today}
          onDeleted={() => void navigate({ to: '/policy-tracker', replace: true })}
        />
      ) : null}
    </Container>
  );
}
