import { connect, constants, type SecureClientSessionOptions } from 'node:http2';
import type { AppleWalletConfig } from '@server/config';

/** How long one push may take before the job tries again on a later pass. */
const APNS_TIMEOUT_MS = 10_000;

export type ApnsOutcome = 'sent' | 'unregistered' | 'retry' | 'refused';

/**
 * Wakes the devices that hold a pass: an empty push to each push token, over HTTP/2 with the Pass
 * Type ID certificate (APNs' certificate authentication; the topic is the pass type identifier).
 * The device then asks the web service which passes changed. 410, or 400 BadDeviceToken: the
 * device no longer has the pass, so its registration goes. 429 and 5xx: try again later.
 */
export async function pushToDevices(
  apple: AppleWalletConfig,
  pushTokens: readonly string[],
  tls: Pick<SecureClientSessionOptions, 'ca'> = {},
): Promise<Map<string, ApnsOutcome>> {
  const outcomes = new Map<string, ApnsOutcome>();
  if (pushTokens.length === 0) return outcomes;
  const session = connect(apple.apnsUrl, {
    cert: apple.certificate,
    key: apple.key,
    ...(apple.keyPassphrase ? { passphrase: apple.keyPassphrase } : {}),
    ...tls,
  });
  session.on('error', () => undefined);
  try {
    await Promise.all(
      pushTokens.map(
        (token) =>
          new Promise<void>((resolve) => {
            const request = session.request({
              [constants.HTTP2_HEADER_METHOD]: 'POST',
              [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
              'apns-topic': apple.passTypeId,
              'apns-push-type': 'background',
              'apns-priority': '5',
              'content-type': 'application/json',
            });
            request.setTimeout(APNS_TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
            let status = 0;
            let body = '';
            request.setEncoding('utf8');
            request.on('response', (headers) => {
              status = Number(headers[constants.HTTP2_HEADER_STATUS]);
            });
            request.on('data', (chunk: string) => {
              body += chunk;
            });
            const finish = () => {
              outcomes.set(token, outcomeOf(status, body));
              resolve();
            };
            request.on('end', finish);
            request.on('error', finish);
            request.on('close', () => {
              if (!outcomes.has(token)) finish();
            });
            request.end('{}');
          }),
      ),
    );
  } finally {
    session.close();
  }
  return outcomes;
}

function outcomeOf(status: number, body: string): ApnsOutcome {
  if (status === 200) return 'sent';
  if (status === 410) return 'unregistered';
  if (status === 400 && body.includes('BadDeviceToken')) return 'unregistered';
  if (status === 0 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}
