import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

/**
 * The cross-device poke (design §5): the database broadcasts `changed` on the user's private
 * channel `sync:<user_id>` after every committed change to their rows
 * (supabase/migrations/20261124010000_sync_realtime_pokes.sql), and the engine pulls when it
 * hears one. The poke carries nothing; the pull reads what changed under RLS. A device also
 * hears the pokes of its own pushes: that costs one empty pull, and telling them apart
 * would risk missing another device's change made at the same moment.
 */

export const SYNC_POKE_EVENT = 'changed';

export function syncTopic(userId: string): string {
  return `sync:${userId}`;
}

export interface PokeListenerOptions {
  userId: string;
  getClient: () => Promise<SupabaseClient>;
  onPoke: () => void;
}

/** Subscribes; returns the unsubscribe. Failures are silent: the poll is the fallback. */
export function listenForPokes({ userId, getClient, onPoke }: PokeListenerOptions): () => void {
  let stopped = false;
  let channel: RealtimeChannel | undefined;
  let client: SupabaseClient | undefined;

  void (async () => {
    try {
      client = await getClient();
      // The join must carry the user's token, not the anon key: private channels are
      // authorised by RLS as that user.
      await client.realtime.setAuth();
      if (stopped) return;
      channel = client
        .channel(syncTopic(userId), { config: { private: true } })
        .on('broadcast', { event: SYNC_POKE_EVENT }, () => {
          if (!stopped) onPoke();
        })
        // Changes made while the channel was down were never poked: pull once joined.
        .subscribe((status) => {
          if (status === 'SUBSCRIBED' && !stopped) onPoke();
        });
    } catch {
      // No Realtime (offline at start, an old server): the poll still runs.
    }
  })();

  return () => {
    stopped = true;
    if (client && channel) void client.removeChannel(channel).catch(() => undefined);
  };
}
