import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pakistanDateKey } from '@shared/pakistan-time';
import { loyaltyCards, rewards, stamps, vendorMembers } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import {
  collectStamps,
  collectWith,
  customerCodeOf,
  setUpVendorWithCard,
} from '@server/modules/stamps/stamp-test-helpers';
import { apiCall, createKeyAs } from '@server/modules/api/vendor-api-test-helpers';
import { branchOf, callAs, vendorOwner, vendorStaff } from './vendor-test-helpers';

const BRANCHES = '/api/vendor/branches';
const staffBranches = (userId: string) => `/api/vendor/staff/members/${userId}/branches`;
const NOT_YOURS = 'You do not work at this branch. Ask the owner to add you to it.';
const CARD_NOT_HERE = 'This card is not honoured at this branch.';
const NAME_THE_BRANCH = 'This card is honoured at chosen branches only: name the branch of the counter.';
const LOOKUP_REWARD = '/api/vendor/rewards/lookup';

/** What the card form sends back of a card the API answered. */
function cardFieldsOf(card: Record<string, unknown>) {
  const fields = [
    'name',
    'description',
    'cardType',
    'earnKind',
    'stampsRequired',
    'rewardTitle',
    'rewardDescription',
    'rewardValue',
    'minStampIntervalMinutes',
  ];
  return Object.fromEntries(fields.map((field) => [field, card[field]]));
}

describe('staff and cards at branches (decision 089)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /** A vendor with a card, a second branch, and a staff member. */
  async function chain() {
    const setup = await setUpVendorWithCard(context.app, db());
    const main = (await callAs(context.app, setup.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    const second = (await callAs(context.app, setup.owner.cookie, 'POST', BRANCHES, branchOf('Clifton'))).json();
    const staff = await vendorStaff(context.app, db(), setup.vendor.id);
    return { ...setup, main, second, staff };
  }

  const counterCode = (cookie: string, cardId: string, branchId?: string) =>
    callAs(
      context.app,
      cookie,
      'POST',
      `/api/vendor/cards/${cardId}/counter-code${branchId ? `?branchId=${branchId}` : ''}`,
    );

  async function issue(cookie: string, customerCookie: string, cardId: string, branchId?: string) {
    const code = await customerCodeOf(context.app, customerCookie);
    return callAs(context.app, cookie, 'POST', '/api/vendor/stamps', {
      customerCode: code.qrPayload,
      cardId,
      ...(branchId ? { branchId } : {}),
    });
  }

  it('lets the owner place staff at branches; staff then stamp only there, and their branch is recorded', async () => {
    const setup = await chain();
    // Every branch at first (today's behaviour), as the staff list says.
    const listed = (await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/staff')).json();
    expect(listed.members.find((member: { userId: string }) => member.userId === setup.staff.id)).toMatchObject({
      branchIds: null,
    });
    const placed = await callAs(context.app, setup.owner.cookie, 'PUT', staffBranches(setup.staff.id), {
      branchIds: [setup.second.id],
    });
    expect(placed.statusCode).toBe(200);
    const after = (await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/staff')).json();
    expect(after.members.find((member: { userId: string }) => member.userId === setup.staff.id)).toMatchObject({
      branchIds: [setup.second.id],
    });

    // The staff member's counter offers their branch only; the owner's every open one.
    const theirs = (await callAs(context.app, setup.staff.cookie, 'GET', BRANCHES)).json();
    expect(theirs.counterBranchIds).toEqual([setup.second.id]);
    const owners = (await callAs(context.app, setup.owner.cookie, 'GET', BRANCHES)).json();
    expect(owners.counterBranchIds).toEqual([setup.main.id, setup.second.id]);

    // A counter code at the other branch is refused (403), at theirs given.
    const refused = await counterCode(setup.staff.cookie, setup.card.id, setup.main.id);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, NOT_YOURS]);
    const minted = await counterCode(setup.staff.cookie, setup.card.id, setup.second.id);
    expect(minted.statusCode).toBe(200);
    const customer = await signUpUser(context.app);
    expect((await collectWith(context.app, customer.cookie, minted.json().code.qrPayload)).statusCode).toBe(200);
    // Naming no branch, their own is the counter's: the stamp records it.
    const unnamed = await counterCode(setup.staff.cookie, setup.card.id);
    const other = await signUpUser(context.app);
    expect((await collectWith(context.app, other.cookie, unnamed.json().code.qrPayload)).statusCode).toBe(200);
    for (const user of [customer, other]) {
      const [stamp] = await db().select().from(stamps).where(eq(stamps.userId, user.id));
      expect(stamp!.branchId).toBe(setup.second.id);
    }

    // Scanning the customer's My QR: the same rule.
    const third = await signUpUser(context.app);
    const wrong = await issue(setup.staff.cookie, third.cookie, setup.card.id, setup.main.id);
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([403, NOT_YOURS]);
    expect(await db().select().from(stamps).where(eq(stamps.userId, third.id))).toHaveLength(0);
    expect((await issue(setup.staff.cookie, third.cookie, setup.card.id, setup.second.id)).statusCode).toBe(200);
    const [given] = await db().select().from(stamps).where(eq(stamps.userId, third.id));
    expect(given!.branchId).toBe(setup.second.id);

    // Back to every branch.
    await callAs(context.app, setup.owner.cookie, 'PUT', staffBranches(setup.staff.id), { branchIds: null });
    expect((await counterCode(setup.staff.cookie, setup.card.id, setup.main.id)).statusCode).toBe(200);
  });

  it('refuses staff, customers and the signed-out the assignment, and another vendor’s member', async () => {
    const setup = await chain();
    const customer = await signUpUser(context.app);
    const body = { branchIds: [setup.second.id] };
    expect((await callAs(context.app, setup.staff.cookie, 'PUT', staffBranches(setup.staff.id), body)).statusCode).toBe(
      403,
    );
    expect((await callAs(context.app, customer.cookie, 'PUT', staffBranches(setup.staff.id), body)).statusCode).toBe(
      403,
    );
    const signedOut = await context.app.inject({ method: 'PUT', url: staffBranches(setup.staff.id), payload: body });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    expect(
      (
        await callAs(context.app, stranger.owner.cookie, 'PUT', staffBranches(setup.staff.id), {
          branchIds: [theirs.id],
        })
      ).statusCode,
    ).toBe(404);
    const [member] = await db().select().from(vendorMembers).where(eq(vendorMembers.userId, setup.staff.id));
    expect(member!.branchIds).toBeNull();
  });

  it('refuses bad branch lists naming the field, and saves nothing', async () => {
    const setup = await chain();
    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    const archived = (await callAs(context.app, setup.owner.cookie, 'POST', BRANCHES, branchOf('Old'))).json();
    await callAs(context.app, setup.owner.cookie, 'POST', `${BRANCHES}/${archived.id}/archive`);
    for (const [branchIds, message] of [
      [[], 'Choose at least one branch, or every branch.'],
      [[theirs.id], 'Choose open branches of your own business.'],
      [[setup.second.id, archived.id], 'Choose open branches of your own business.'],
      [['not-a-branch'], 'Branch not found.'],
      ['everywhere', undefined],
    ] as const) {
      const answer = await callAs(context.app, setup.owner.cookie, 'PUT', staffBranches(setup.staff.id), {
        branchIds,
      });
      expect(answer.statusCode, String(branchIds)).toBe(400);
      const fields = answer.json().error.fields as Record<string, string>;
      const field = Object.keys(fields).find((name) => name.startsWith('branchIds'));
      expect(field, String(branchIds)).toBeDefined();
      if (message) expect(fields[field!]).toBe(message);
    }
    const owner = await callAs(context.app, setup.owner.cookie, 'PUT', staffBranches(setup.owner.id), {
      branchIds: [setup.second.id],
    });
    expect([owner.statusCode, owner.json().error.fields]).toEqual([
      400,
      { branchIds: 'The owner works at every branch.' },
    ]);
    const rows = await db().select().from(vendorMembers).where(eq(vendorMembers.vendorId, setup.vendor.id));
    expect(rows.map((row) => row.branchIds)).toEqual([null, null]);
  });

  it('honours a card at chosen branches only: stamps, codes and redemptions elsewhere are refused', async () => {
    const setup = await chain();
    const cardUrl = `/api/vendor/cards/${setup.card.id}`;
    const card = (await callAs(context.app, setup.owner.cookie, 'GET', cardUrl)).json();
    const saved = await callAs(context.app, setup.owner.cookie, 'PUT', cardUrl, {
      ...cardFieldsOf(card),
      branchIds: [setup.second.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().branchIds).toEqual([setup.second.id]);

    // The public vendor page says where it is honoured.
    const page = await context.app.inject({ method: 'GET', url: `/api/marketplace/vendors/${setup.vendor.slug}` });
    expect(page.json().cardBranches).toEqual([{ cardId: setup.card.id, name: setup.card.name, branches: ['Clifton'] }]);

    const refused = await counterCode(setup.owner.cookie, setup.card.id, setup.main.id);
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, CARD_NOT_HERE]);
    const customer = await signUpUser(context.app);
    const wrong = await issue(setup.owner.cookie, customer.cookie, setup.card.id, setup.main.id);
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([409, CARD_NOT_HERE]);
    expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toHaveLength(0);

    // A reward earned at its branch, redeemed: refused at the other, recorded at its own.
    await db().update(loyaltyCards).set({ stampsRequired: 1 }).where(eq(loyaltyCards.id, setup.card.id));
    const atItsBranch = await counterCode(setup.owner.cookie, setup.card.id, setup.second.id);
    const earned = (await collectWith(context.app, customer.cookie, atItsBranch.json().code.qrPayload)).json();
    const rewardId = earned.reward.id as string;
    const redeem = async (branchId: string, route = '/api/vendor/rewards/redeem') => {
      const code = await context.app.inject({
        method: 'POST',
        url: `/api/rewards/${rewardId}/redemption-code`,
        headers: { cookie: customer.cookie },
      });
      return callAs(context.app, setup.owner.cookie, 'POST', route, {
        code: code.json().qrPayload,
        branchId,
      });
    };
    const lookedUp = await redeem(setup.main.id, LOOKUP_REWARD);
    expect([lookedUp.statusCode, lookedUp.json().error.message]).toEqual([409, CARD_NOT_HERE]);
    expect((await redeem(setup.second.id, LOOKUP_REWARD)).statusCode).toBe(200);
    const atMain = await redeem(setup.main.id);
    expect([atMain.statusCode, atMain.json().error.message]).toEqual([409, CARD_NOT_HERE]);
    expect((await redeem(setup.second.id)).statusCode).toBe(200);
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(row).toMatchObject({ status: 'redeemed', redeemedBranchId: setup.second.id });
  });

  it('holds a counter that names no branch to a card at chosen branches: a point of sale names its branch, a one-shop business its only one', async () => {
    const setup = await chain();
    const cardUrl = `/api/vendor/cards/${setup.card.id}`;
    const card = (await callAs(context.app, setup.owner.cookie, 'GET', cardUrl)).json();
    await callAs(context.app, setup.owner.cookie, 'PUT', cardUrl, {
      ...cardFieldsOf(card),
      branchIds: [setup.second.id],
    });
    const { key } = await createKeyAs(context.app, setup.owner);
    const customer = await signUpUser(context.app);
    let order = 0;
    const posStamp = async (branchId?: string) => {
      const code = await customerCodeOf(context.app, customer.cookie);
      order += 1;
      return apiCall(context.app, key, 'POST', '/api/v1/stamps', {
        payload: { customerCode: code.qrPayload, cardId: setup.card.id, ...(branchId ? { branchId } : {}) },
        idempotencyKey: `pos-order-${order}`,
      });
    };

    // A chain's point of sale that says nothing of where it stands is refused, as is the owner's
    // counter naming none, and one naming a branch the card is not honoured at.
    const unnamed = await posStamp();
    expect([unnamed.statusCode, unnamed.json().error.message]).toEqual([409, NAME_THE_BRANCH]);
    const ownerUnnamed = await counterCode(setup.owner.cookie, setup.card.id);
    expect([ownerUnnamed.statusCode, ownerUnnamed.json().error.message]).toEqual([409, NAME_THE_BRANCH]);
    const elsewhere = await posStamp(setup.main.id);
    expect([elsewhere.statusCode, elsewhere.json().error.message]).toEqual([409, CARD_NOT_HERE]);
    expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toHaveLength(0);
    // Another vendor's branch is unknown, and a bad id names the field.
    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    expect((await posStamp(theirs.id)).statusCode).toBe(404);
    const bad = await posStamp('not-a-branch');
    expect([bad.statusCode, Object.keys(bad.json().error.fields ?? {})]).toEqual([400, ['branchId']]);

    // At the card's branch it stamps, and the stamp records the branch.
    const allowed = await posStamp(setup.second.id);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [given] = await db().select().from(stamps).where(eq(stamps.userId, customer.id));
    expect(given).toMatchObject({ branchId: setup.second.id });

    // A business with one shop: a card kept to it takes the stamps of every counter there, which
    // record the shop, whether or not they name it.
    const single = await setUpVendorWithCard(context.app, db(), { minStampIntervalMinutes: 0 });
    const shop = (await callAs(context.app, single.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    const singleCard = `/api/vendor/cards/${single.card.id}`;
    const singleFields = cardFieldsOf((await callAs(context.app, single.owner.cookie, 'GET', singleCard)).json());
    const kept = await callAs(context.app, single.owner.cookie, 'PUT', singleCard, {
      ...singleFields,
      branchIds: [shop.id],
    });
    expect(kept.statusCode).toBe(200);
    const singleKey = (await createKeyAs(context.app, single.owner)).key;
    const code = await customerCodeOf(context.app, customer.cookie);
    const atTheShop = await apiCall(context.app, singleKey, 'POST', '/api/v1/stamps', {
      payload: { customerCode: code.qrPayload, cardId: single.card.id },
      idempotencyKey: 'single-shop-1',
    });
    expect(atTheShop.statusCode, atTheShop.body).toBe(200);
    await collectStamps(context.app, single, customer.cookie, 1);
    const singleStamps = await db().select().from(stamps).where(eq(stamps.cardId, single.card.id));
    expect(singleStamps.map((stamp) => stamp.branchId)).toEqual([shop.id, shop.id]);
  });

  it('refuses a card’s branches of another vendor or archived, naming the field, and saves nothing', async () => {
    const setup = await chain();
    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    const card = {
      name: 'Chai Lovers',
      description: '',
      cardType: 'free',
      stampsRequired: 8,
      rewardTitle: 'Free Karak Chai',
      rewardValue: 250,
    };
    for (const [branchIds, field] of [
      [[theirs.id], 'card.branchIds'],
      [[], 'card.branchIds'],
    ] as const) {
      const answer = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/cards', {
        card: { ...card, branchIds },
        saveAs: 'active',
      });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().error.fields)).toContain(field);
    }
    const cards = await db().select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, setup.vendor.id));
    expect(cards).toHaveLength(1);
  });

  it('splits the dashboard, the customer list and its export by branch; another vendor’s branch is refused naming the field', async () => {
    const setup = await chain();
    const atSecond = await signUpUser(context.app, { name: 'Sana' });
    const atMain = await signUpUser(context.app, { name: 'Omar' });
    expect((await issue(setup.owner.cookie, atSecond.cookie, setup.card.id, setup.second.id)).statusCode).toBe(200);
    expect((await issue(setup.owner.cookie, atMain.cookie, setup.card.id, setup.main.id)).statusCode).toBe(200);

    const customersAt = (branchId?: string, cookie = setup.owner.cookie) =>
      callAs(context.app, cookie, 'GET', `/api/vendor/customers${branchId ? `?branchId=${branchId}` : ''}`);
    const names = async (branchId?: string) =>
      (await customersAt(branchId)).json().customers.map((customer: { name: string }) => customer.name.split(' ')[0]);
    expect((await names()).sort()).toEqual(['Omar', 'Sana']);
    expect(await names(setup.second.id)).toEqual(['Sana']);
    expect(await names(setup.main.id)).toEqual(['Omar']);
    // Staff read the list too (the export stays the owner's).
    expect((await customersAt(setup.second.id, setup.staff.cookie)).statusCode).toBe(200);

    const csv = await callAs(
      context.app,
      setup.owner.cookie,
      'GET',
      `/api/vendor/customers/export.csv?branchId=${setup.second.id}`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Branches');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Clifton');
    expect(
      (
        await callAs(
          context.app,
          setup.staff.cookie,
          'GET',
          `/api/vendor/customers/export.csv?branchId=${setup.second.id}`,
        )
      ).statusCode,
    ).toBe(403);

    const dashboard = (branchId?: string) =>
      callAs(context.app, setup.owner.cookie, 'GET', `/api/vendor/dashboard${branchId ? `?branchId=${branchId}` : ''}`);
    expect((await dashboard()).json().tiles).toMatchObject({ stampsIssued: 2, totalUsers: 2 });
    const second = (await dashboard(setup.second.id)).json();
    expect(second.tiles).toMatchObject({ stampsIssued: 1, totalUsers: 1, rewardsRedeemed: 0 });
    // On the stamp's Pakistan day, as the whole business's chart counts it.
    expect(second.chart.points.filter((point: { stamps: number }) => point.stamps > 0)).toEqual([
      { bucket: pakistanDateKey(context.clock.now()), stamps: 1 },
    ]);
    expect(second.topCards[0]).toMatchObject({ id: setup.card.id, stamps: 1, users: 1 });

    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    for (const answer of [
      await customersAt(theirs.id),
      await dashboard(theirs.id),
      await customersAt('not-a-branch'),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().error.fields)).toContain('branchId');
    }
  });
});
