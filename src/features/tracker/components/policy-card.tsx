import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { policyPagePath, policyStatus, type IsoDate } from '@/domain/policy';
import { policyPermissions } from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import type { PolicyView } from '@/sync';
import { cardIcon, cardTypeIcon } from './card-icons';
import { SharedMark } from '../sharing/shared-mark';
import { FailedChanges, SyncStateBadge } from './sync-badge';
import { policyDate, statusBadge, statusText, typeName } from '../words';
import classes from './tracker.module.css';

/**
 * What a press on a card's "More actions" button asks for: a click toggles the menu (open on
 * the first item); ArrowDown and ArrowUp open it on the first or last item.
 */
export type MenuRequest = 'toggle' | 'first' | 'last';

export interface PolicyCardActions {
  /** The card's title link was followed in this tab: the dashboard navigates in the app. */
  onOpen: (policy: PolicyView) => void;
  onRenew: (policy: PolicyView) => void;
  /** The card's "More actions" button was pressed; the dashboard owns the one menu. */
  onMenu: (policy: PolicyView, trigger: HTMLButtonElement, request: MenuRequest) => void;
  onRetry: (opId: string) => void;
  onDiscard: (opId: string) => void;
}

interface PolicyCardProps extends PolicyCardActions {
  policy: PolicyView;
  today: IsoDate;
  /** The id of the open action menu when it belongs to this card. */
  menuId: string | null;
}

/** A click the browser would follow in this tab; others (new tab, download) it handles itself. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * One policy. Plain elements and the CSS module rather than Mantine components, icons drawn
 * by one shared style sheet (CardIconStyles) and no menu of its own: with hundreds of cards those were
 * most of the dashboard's render time. For the same reason the title is a plain link rather
 * than the router's Link, which follows every change of the address (the filters write it).
 */
export const PolicyCard = memo(function PolicyCard({
  policy,
  today,
  menuId,
  onOpen,
  onRenew,
  onMenu,
  onRetry,
  onDiscard,
}: PolicyCardProps) {
  const t = useT();
  const status = policyStatus(policy.next_renewal_date, today);
  const shownType = policy.type ? typeName(t, policy.type) : t('tracker.card.uncategorised');
  const headingId = `policy-${policy.id}-title`;
  const subject = `${policy.insurer_name} ${policy.policy_number}`;
  const may = policyPermissions(policy.shared?.role ?? null);

  // The menu-button pattern: the arrow keys open the menu too, on the first or last item.
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    onMenu(policy, event.currentTarget, event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <article
      className={classes.policyCard}
      aria-labelledby={headingId}
      data-policy-id={policy.id}
      data-testid="policy-card"
    >
      <div className={classes.cardHeader}>
        <span className={classes.typeIcon}>{cardTypeIcon(policy.type?.icon)}</span>
        <h3 className={classes.cardTitle} id={headingId}>
          <a
            href={policyPagePath(policy.id)}
            className={classes.cardLink}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onOpen(policy);
            }}
          >
            {policy.insurer_name}
          </a>
        </h3>
        <p className={classes.typeName}>{shownType}</p>
        <button
          type="button"
          className={classes.menuTrigger}
          aria-label={t('tracker.card.moreActions', { subject })}
          aria-haspopup="menu"
          aria-expanded={menuId !== null}
          aria-controls={menuId ?? undefined}
          onClick={(event) => onMenu(policy, event.currentTarget, 'toggle')}
          onKeyDown={onTriggerKeyDown}
        >
          {cardIcon('more')}
        </button>
      </div>

      {policy.shared ? <SharedMark shared={policy.shared} /> : null}

      <div className={classes.statusLine}>
        <span className={classes.statusBadge} data-status={status.status}>
          {statusBadge(t, status)}
        </span>
        <span>{statusText(t, status)}</span>
        {policy.sync === 'synced' ? null : <SyncStateBadge state={policy.sync} />}
      </div>

      <dl className={classes.details}>
        <dt>{t('tracker.card.policyNumber')}</dt>
        <dd>{policy.policy_number}</dd>
        {policy.product_name ? (
          <>
            <dt>{t('tracker.card.plan')}</dt>
            <dd>{policy.product_name}</dd>
          </>
        ) : null}
        <dt>{t('tracker.card.renewalDate')}</dt>
        <dd>{policyDate(policy.next_renewal_date)}</dd>
        <dt>{t('tracker.card.members')}</dt>
        <dd>
          {policy.members.length > 0
            ? policy.members
                .map((m) =>
                  t('tracker.card.member', { name: m.name, relationship: m.relationship }),
                )
                .join(', ')
            : t('tracker.card.noMembers')}
        </dd>
      </dl>

      {policy.failedOps.length > 0 ? (
        <FailedChanges
          changes={policy.failedOps}
          subject={subject}
          onRetry={onRetry}
          onDiscard={onDiscard}
        />
      ) : null}

      {may.renew ? (
        <button
          type="button"
          className={classes.renewButton}
          onClick={() => onRenew(policy)}
          aria-label={t('tracker.markRenewedFor', { subject })}
        >
          {cardIcon('renew')}
          {t('tracker.markRenewed')}
        </button>
      ) : null}
    </article>
  );
});
