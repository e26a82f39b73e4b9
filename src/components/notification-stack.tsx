import { Notifications } from '@mantine/notifications';
// In Mantine's cascade layer, as all its rules are (scripts/mantine-styles/plugin.ts).
import '@mantine/notifications/styles.layer.css';
import { timings } from '@/config/site';

/** Mantine's toast renderer and its styles: loaded after first paint by NotificationRegion. */
export function NotificationStack() {
  return (
    <Notifications
      withinPortal={false}
      limit={1}
      autoClose={timings.toastDurationMs}
      position="bottom-right"
    />
  );
}
