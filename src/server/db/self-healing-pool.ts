import pg from 'pg';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A pool whose checked-out clients give their slot back when their connection dies.
 *
 * Drizzle runs a transaction as connect → BEGIN → work → COMMIT/ROLLBACK → release, but releases
 * only when BEGIN succeeded: a connection that dies as it is checked out (a restart under load)
 * would stay counted against `max` for ever, and after `max` of those the app could never
 * query again. Here the pool takes the client back as soon as its connection ends, and the
 * later release by its borrower, if any, is a no-op.
 */
export class SelfHealingPool extends pg.Pool {
  // pg.Pool's connect() has a callback form (pool.query uses it) and a promise form (Drizzle's
  // transactions); both hand out the client here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect((error, client, done) => {
        if (error || !client) return callback(error, client, done);
        releaseWhenConnectionEnds(client);
        callback(undefined, client, (release) => client.release(release));
      });
      return;
    }
    return super.connect().then((client) => {
      releaseWhenConnectionEnds(client);
      return client;
    });
  }
}

function releaseWhenConnectionEnds(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  const onEnd = () => releaseOnce(new Error('Connection terminated while the client was checked out'));
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  client.once('end', onEnd);
  client.release = releaseOnce;
}
