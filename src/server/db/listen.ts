import pg from "pg";

export interface Listener {
  close(): Promise<void>;
}

/**
 * A dedicated connection (outside the pools: LISTEN lasts as long as the connection) that
 * LISTENs on `channel` and hands each notification's payload to `onPayload`. `onLost` is called
 * once if the connection fails or ends by itself; it does not reconnect.
 */
export async function openListener(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Listener> {
  const client = new pg.Client(pool.options);
  let closing = false;
  let lost = false;
  const lose = (error: Error) => {
    if (closing || lost) return;
    lost = true;
    onLost(error);
  };
  client.on("notification", (message) => {
    if (message.payload) onPayload(message.payload);
  });
  client.on("error", lose);
  client.on("end", () => lose(new Error("the listening connection ended")));
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    close: async () => {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}
