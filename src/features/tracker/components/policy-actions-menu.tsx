import { useEffect, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  IconCalendarPlus,
  IconPencil,
  IconShare,
  IconTrash,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { policyPermissions } from '@/domain/tracker';
import type { PolicyView } from '@/sync';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import classes from './tracker.module.css';

const GAP = 4;
const EDGE = 8;

/** Under the trigger, right edges aligned; above it when there is no room below. */
function place(menu: HTMLElement, trigger: HTMLElement) {
  const t = trigger.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const fitsBelow = t.bottom + GAP + height <= window.innerHeight;
  const fitsAbove = t.top - GAP - height >= 0;
  const top = fitsBelow || !fitsAbove ? t.bottom + GAP : t.top - GAP - height;
  const left = Math.max(EDGE, Math.min(t.right - width, window.innerWidth - width - EDGE));
  menu.style.top = `${top + window.scrollY}px`;
  menu.style.left = `${left + window.scrollX}px`;
}

interface PolicyActionsMenuProps {
  id: string;
  policy: PolicyView;
  /** The card's "More actions" button: the menu sits under it and gives focus back to it. */
  trigger: HTMLButtonElement;
  focus: 'first' | 'last';
  onClose: () => void;
  onDelete: (policy: PolicyView) => void;
  onAddToCalendar: (policy: PolicyView) => Promise<void>;
  /** Sends a short summary through the share sheet, or copies it where there is none. */
  onShare: (policy: PolicyView) => Promise<void>;
  /** The policy page has its own Edit button; the cards have room for none. */
  withEdit?: boolean;
}

/**
 * A policy's action menu (Edit, Add to calendar, Share, Delete), opened from its "More actions"
 * button on a card or on the policy page. The dashboard has one for all its cards: one shared
 * menu instead of one per card keeps hundreds of cards cheap. Keyboard as in the
 * WAI-ARIA menu-button pattern: arrows, Home and End move between items, Escape closes and
 * returns focus to the trigger, Tab closes and moves on from the trigger.
 */
export function PolicyActionsMenu({
  id,
  policy,
  trigger,
  focus,
  onClose,
  onDelete,
  onAddToCalendar,
  onShare,
  withEdit = true,
}: PolicyActionsMenuProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  // A policy shared with the user (issue 18): a viewer has no Edit, only the owner Delete.
  const t = useT();
  const may = policyPermissions(policy.shared?.role ?? null);
  const failed = (title: string) =>
    toast({ title, description: t('tracker.menu.tryAgain'), variant: 'destructive' });
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    place(menu, trigger);
    const list = Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    (focus === 'first' ? list[0] : list[list.length - 1])?.focus({ preventScroll: true });
  }, [trigger, focus]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      // A press on the trigger itself toggles the menu through the trigger's click.
      if (menuRef.current?.contains(target) || trigger.contains(target)) return;
      onCloseRef.current();
    };
    const onResize = () => {
      if (menuRef.current) place(menuRef.current, trigger);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('resize', onResize);
    };
  }, [trigger]);

  const close = (returnFocus: boolean) => {
    if (returnFocus) trigger.focus();
    onCloseRef.current();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.findIndex((item) => item === document.activeElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Not prevented: the browser moves on from the trigger, as if the menu were not there.
        close(true);
        break;
      case ' ':
        // Space activates a menu item, the link too (a link alone would scroll the page).
        if (event.target instanceof HTMLAnchorElement) {
          event.preventDefault();
          event.target.click();
        }
        break;
    }
  };

  // Focus moved elsewhere (a screen reader's cursor, a click on another control): close.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node)) return;
    if (menuRef.current?.contains(next) || trigger.contains(next)) return;
    onCloseRef.current();
  };

  return createPortal(
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-label={t('tracker.card.moreActions', {
        subject: `${policy.insurer_name} ${policy.policy_number}`,
      })}
      className={classes.menu}
      // A click between the items keeps focus in the menu, so its keys still work.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {withEdit && may.edit ? (
        <Link
          to="/policy-tracker/edit/$id"
          params={{ id: policy.id }}
          role="menuitem"
          tabIndex={-1}
          className={classes.menuItem}
          onClick={() => close(true)}
        >
          <IconPencil size={16} aria-hidden />
          {t('tracker.menu.edit')}
        </Link>
      ) : null}
      <MenuButton
        icon={IconCalendarPlus}
        label={t('tracker.menu.calendar')}
        onClick={() => {
          close(true);
          onAddToCalendar(policy).catch(() => failed(t('tracker.menu.calendarFailed')));
        }}
      />
      <MenuButton
        icon={IconShare}
        label={t('tracker.menu.share')}
        onClick={() => {
          close(true);
          onShare(policy).catch(() => failed(t('tracker.menu.shareFailed')));
        }}
      />
      {may.delete ? (
        <MenuButton
          icon={IconTrash}
          label={t('tracker.menu.delete')}
          danger
          onClick={() => {
            // The confirm dialog gives focus back to what had it when it opened: the trigger.
            close(true);
            onDelete(policy);
          }}
        />
      ) : null}
    </div>,
    document.body,
  );
}

function MenuButton({
  icon: Icon,
  label,
  danger = false,
  onClick,
}: {
  icon: TablerIcon;
  label: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={classes.menuItem}
      data-tone={danger ? 'danger' : undefined}
      onClick={onClick}
    >
      <Icon size={16} aria-hidden />
      {label}
    </button>
  );
}
