/**
 * Customers collecting stamps through the real HTTP API of a running app, for tests that break
 * the database underneath: each customer stamps in a loop, redeems each reward it earns, and keeps
 * a ledger of what the server confirmed. A request that met the outage is repeated with the same
 * code once the app answers again, which tells whether its transaction committed (the code is
 * consumed) or not (the stamp goes through now).
 */

export interface Answer {
  method: string;
  path: string;
  status: number;
  /** The error code of an error answer. */
  code: string | null;
  retryAfter: string | null;
  /** performance.now() when the answer arrived. */
  at: number;
  body: unknown;
}

export interface ApiClient {
  call(
    method: 'GET' | 'POST',
    path: string,
    options?: { cookie?: string; body?: unknown },
  ): Promise<Answer & { cookies: string }>;
  /** Every answer so far (network failures have status 0). */
  answers: Answer[];
}

const REQUEST_TIMEOUT_MS = 20_000;

export function createApiClient(baseUrl: string): ApiClient {
  const answers: Answer[] = [];
  return {
    answers,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.cookie) headers.cookie = options.cookie;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let answer: Answer & { cookies: string };
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        const body: unknown = text ? JSON.parse(text) : null;
        answer = {
          method,
          path,
          status: response.status,
          code: (body as { error?: { code?: string } } | null)?.error?.code ?? null,
          retryAfter: response.headers.get('retry-after'),
          at: performance.now(),
          body,
          cookies: response.headers
            .getSetCookie()
            .map((cookie) => cookie.split(';')[0])
            .join('; '),
        };
      } catch (error) {
        answer = {
          method,
          path,
          status: 0,
          code: (error as Error).message,
          retryAfter: null,
          at: performance.now(),
          body: null,
          cookies: '',
        };
      }
      answers.push(answer);
      return answer;
    },
  };
}

export interface Customer {
  id: string;
  email: string;
  cookie: string;
}

export async function signUp(api: ApiClient, name: string): Promise<Customer> {
  const email = `${name.toLowerCase()}.${Math.random().toString(16).slice(2, 10)}@example.pk`;
  const answer = await api.call('POST', '/api/accounts/sign-up', {
    body: { name, surname: 'Khan', email, password: 'chai-and-paratha' },
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: (answer.body as { user: { id: string } }).user.id, email, cookie: answer.cookies };
}

export interface StampLedger {
  /** Stamps the server confirmed: a 200, or a retried code found already consumed. */
  stamps: number;
  rewardsRedeemed: number;
  /** Requests that met the outage and were repeated with the same code afterwards. */
  settledAfterOutage: number;
  /** performance.now() of each confirmed stamp. */
  stampTimes: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_MS = 200;

/**
 * Calls until the answer is not a 503 (the database is away), like a person tapping "try again".
 * Any other error fails the load: the test wants nothing but answers and 503s.
 */
async function untilAnswered(
  call: () => Promise<Answer>,
  shouldStop: () => boolean,
): Promise<{ answer: Answer; metOutage: boolean }> {
  let metOutage = false;
  for (;;) {
    const answer = await call();
    if (answer.status !== 503) return { answer, metOutage };
    metOutage = true;
    if (shouldStop()) return { answer, metOutage };
    await sleep(RETRY_MS);
  }
}

function expectOk(answer: Answer, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export interface StampLoadOptions {
  api: ApiClient;
  owner: Customer;
  cardId: string;
  customer: Customer;
  ledger: StampLedger;
  shouldStop(): boolean;
}

/** Redeems a reward through the customer's live code and the staff's confirmation. */
async function redeem(options: StampLoadOptions, rewardId: string): Promise<void> {
  const { api, owner, customer, ledger } = options;
  const minted = await untilAnswered(
    () => api.call('POST', `/api/rewards/${rewardId}/redemption-code`, { cookie: customer.cookie }),
    () => false,
  );
  expectOk(minted.answer, 'reward code');
  const code = (minted.answer.body as { qrPayload: string }).qrPayload;
  const confirmed = await untilAnswered(
    () => api.call('POST', '/api/vendor/rewards/redeem', { cookie: owner.cookie, body: { code } }),
    () => false,
  );
  if (confirmed.answer.status === 200) {
    ledger.rewardsRedeemed += 1;
  } else if (confirmed.metOutage && confirmed.answer.status === 409 && confirmed.answer.code === 'already_redeemed') {
    // The confirmation committed just before the connection died.
    ledger.rewardsRedeemed += 1;
    ledger.settledAfterOutage += 1;
  } else {
    throw new Error(`redeem: ${confirmed.answer.status} ${JSON.stringify(confirmed.answer.body)}`);
  }
}

async function pendingRewardId(options: StampLoadOptions): Promise<string> {
  const { api, customer, cardId } = options;
  const dashboard = await untilAnswered(
    () => api.call('GET', '/api/customer/dashboard', { cookie: customer.cookie }),
    () => false,
  );
  expectOk(dashboard.answer, 'dashboard');
  const card = (dashboard.answer.body as { cards: Array<{ cardId: string; rewardId: string | null }> }).cards.find(
    (item) => item.cardId === cardId,
  );
  if (!card?.rewardId) throw new Error('the card waits for a reward that the dashboard does not show');
  return card.rewardId;
}

/** One customer stamping until told to stop; throws on any answer a healthy or recovering app should not give. */
export async function stampInLoop(options: StampLoadOptions): Promise<void> {
  const { api, owner, cardId, customer, ledger, shouldStop } = options;
  while (!shouldStop()) {
    const minted = await untilAnswered(
      () => api.call('POST', `/api/vendor/cards/${cardId}/counter-code`, { cookie: owner.cookie }),
      shouldStop,
    );
    if (minted.answer.status === 503) return;
    expectOk(minted.answer, 'counter code');
    const code = (minted.answer.body as { code: { qrPayload: string } }).code.qrPayload;
    // The same code until the app answers: it never stamps twice, whatever the outage did.
    const collected = await untilAnswered(
      () => api.call('POST', '/api/stamps/collect', { cookie: customer.cookie, body: { code } }),
      () => false,
    );
    const { answer, metOutage } = collected;
    if (answer.status === 200) {
      ledger.stamps += 1;
      ledger.stampTimes.push(answer.at);
      if (metOutage) ledger.settledAfterOutage += 1;
      const reward = (answer.body as { reward: { id: string } | null }).reward;
      if (reward) await redeem(options, reward.id);
    } else if (metOutage && answer.status === 409 && answer.code === 'code_already_used') {
      // Committed just before the connection died: counted once, and the retry did not add one.
      ledger.stamps += 1;
      ledger.stampTimes.push(answer.at);
      ledger.settledAfterOutage += 1;
    } else if (answer.status === 409 && answer.code === 'reward_pending') {
      // A stamp that completed the card committed during the outage; its reward waits.
      await redeem(options, await pendingRewardId(options));
    } else {
      throw new Error(`collect: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
}
