import type { EmailTransport, OutgoingEmail } from './email-transport';

export interface RecordingTransport extends EmailTransport {
  delivered: OutgoingEmail[];
  /** The next `count` deliveries throw, as an SMTP server that is down would. */
  failNext(count: number): void;
}

/** A transport for tests: keeps what it delivers and fails on demand. */
export function createRecordingTransport(): RecordingTransport {
  let failuresLeft = 0;
  const delivered: OutgoingEmail[] = [];
  return {
    name: 'smtp',
    delivered,
    failNext(count) {
      failuresLeft = count;
    },
    async deliver(email) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('451 Temporary failure, please try again later');
      }
      delivered.push(email);
    },
    async verify() {
      return failuresLeft === 0;
    },
  };
}
