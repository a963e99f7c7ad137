import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '@shared/vendors/vendors';
import { branches, loyaltyCards, stamps, userCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { postSandboxWebhook, sandboxEvent } from '@server/modules/billing/billing-test-helpers';
import { branchLimitMessage } from './branches';
import { collectWith, counterCodeFor, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { branchOf, callAs, vendorOwner, vendorStaff } from './vendor-test-helpers';

const BRANCHES = '/api/vendor/branches';

describe('branches (decision 084)', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const rowsOf = (vendorId: string) => db().select().from(branches).where(eq(branches.vendorId, vendorId));

  it("makes every vendor's address its main branch and keeps it equal to the profile", async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const [main] = await rowsOf(vendor.id);
    expect(main).toMatchObject({
      isMain: true,
      name: 'Gulberg',
      address: '1 Mall Road',
      city: 'Lahore',
      area: 'Gulberg',
      status: 'active',
      latitude: null,
    });
    // The profile's address, pin and hours are the main branch's.
    await db()
      .update(vendors)
      .set({ address: '9 Main Boulevard', latitude: 31.52, longitude: 74.35, openingHours: defaultOpeningHours() })
      .where(eq(vendors.id, vendor.id));
    const list = (await callAs(context.app, owner.cookie, 'GET', BRANCHES)).json();
    expect(list).toMatchObject({ maxBranches: 3 });
    expect(list.branches).toEqual([
      expect.objectContaining({
        id: main!.id,
        isMain: true,
        address: '9 Main Boulevard',
        position: { latitude: 31.52, longitude: 74.35 },
        openingHours: defaultOpeningHours(),
        stamps: 0,
        archivedAt: null,
      }),
    ]);
    // Editing the main branch writes the vendor's row: the profile shows it.
    const edited = await callAs(context.app, owner.cookie, 'PUT', `${BRANCHES}/${main!.id}`, branchOf('Head office'));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Head office', address: '12 Commercial Area', isMain: true });
    const profile = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/profile')).json().profile;
    expect(profile).toMatchObject({
      address: '12 Commercial Area',
      area: 'DHA',
      shopLocation: { latitude: 31.4697, longitude: 74.4084 },
    });
  });

  it('the branches migration copies a vendor that existed before it into its main branch, as the trigger would', async () => {
    const { vendor } = await vendorOwner(context.app, db());
    const [written] = await rowsOf(vendor.id);
    // As before the migration: no vendor has a main branch (other tests' vendors are in this database too).
    await db().delete(branches).where(eq(branches.isMain, true));
    // By its name, not its number: the number may change when branches merge.
    const folder = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => /^\d+_branches\.sql$/.test(name));
    const migration = readFileSync(new URL(file!, folder), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('SELECT "id", "area"'));
    await db().execute(sql.raw(backfill!.replace(/^\s*--.*$/gm, '')));
    const [copied] = await rowsOf(vendor.id);
    expect({ ...copied, id: written!.id }).toEqual(written);
  });

  it('lets the owner add, edit and archive branches; staff read them; an archived branch keeps its stamps', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const added = await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf('DHA Phase 5'));
    expect(added.statusCode).toBe(201);
    const branch = added.json();
    expect(branch).toMatchObject({
      name: 'DHA Phase 5',
      position: { latitude: 31.4697, longitude: 74.4084 },
      status: 'active',
      isMain: false,
    });

    const renamed = await callAs(
      context.app,
      owner.cookie,
      'PUT',
      `${BRANCHES}/${branch.id}`,
      branchOf('DHA Y Block', { whatsapp: '+92 300 7654321' }),
    );
    expect(renamed.json()).toMatchObject({ name: 'DHA Y Block', whatsapp: '+92 300 7654321' });

    // A stamp given there, then the branch archived: the stamp keeps its branch.
    const customer = await signUpUser(context.app);
    const card = await createCard(db(), vendor.id);
    const [holding] = await db().insert(userCards).values({ userId: customer.id, cardId: card.id }).returning();
    await db().insert(stamps).values({
      userCardId: holding!.id,
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      qrCode: 'test',
      branchId: branch.id,
    });
    const archived = await callAs(context.app, owner.cookie, 'POST', `${BRANCHES}/${branch.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ stamps: 1, archivedAt: expect.any(String) });
    const [kept] = await db().select().from(stamps).where(eq(stamps.branchId, branch.id));
    expect(kept).toBeDefined();
    // Archived: listed last, changed no more.
    const list = (await callAs(context.app, staff.cookie, 'GET', BRANCHES)).json();
    expect(list.branches.map((each: { name: string }) => each.name)).toEqual(['Gulberg', 'DHA Y Block']);
    const again = await callAs(context.app, owner.cookie, 'PUT', `${BRANCHES}/${branch.id}`, branchOf('Back'));
    expect(again.statusCode).toBe(409);

    // The main branch is the vendor's address: never archived.
    const main = list.branches[0];
    const refused = await callAs(context.app, owner.cookie, 'POST', `${BRANCHES}/${main.id}/archive`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('id');
  });

  it("records the stamp's branch from the counter code, signed in it; refuses another vendor's or an archived branch", async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const branch = (await callAs(context.app, setup.owner.cookie, 'POST', BRANCHES, branchOf('Clifton'))).json();
    const codeUrl = (branchId: string) => `/api/vendor/cards/${setup.card.id}/counter-code?branchId=${branchId}`;
    const minted = await callAs(context.app, setup.owner.cookie, 'POST', codeUrl(branch.id));
    expect(minted.statusCode).toBe(200);
    const customer = await signUpUser(context.app);
    // Held for a signed-out phone first: the held code keeps the branch too.
    const held = await context.app.inject({
      method: 'POST',
      url: '/api/stamps/hold',
      payload: { code: minted.json().code.qrPayload },
    });
    expect(held.statusCode).toBe(200);
    expect((await collectWith(context.app, customer.cookie, held.json().heldCode)).statusCode).toBe(200);
    const [stamp] = await db().select().from(stamps).where(eq(stamps.userId, customer.id));
    expect(stamp!.branchId).toBe(branch.id);
    // Without a branch, a code stamps as before, naming none.
    const plain = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const other = await signUpUser(context.app);
    expect((await collectWith(context.app, other.cookie, plain.qrPayload)).statusCode).toBe(200);
    const [unnamed] = await db().select().from(stamps).where(eq(stamps.userId, other.id));
    expect(unnamed!.branchId).toBeNull();

    const stranger = await vendorOwner(context.app, db());
    const theirs = (await callAs(context.app, stranger.owner.cookie, 'GET', BRANCHES)).json().branches[0];
    expect((await callAs(context.app, setup.owner.cookie, 'POST', codeUrl(theirs.id))).statusCode).toBe(404);
    expect((await callAs(context.app, setup.owner.cookie, 'POST', codeUrl('not-a-branch'))).statusCode).toBe(400);
    await callAs(context.app, setup.owner.cookie, 'POST', `${BRANCHES}/${branch.id}/archive`);
    expect((await callAs(context.app, setup.owner.cookie, 'POST', codeUrl(branch.id))).statusCode).toBe(409);
  });

  it('refuses staff, customers, the signed-out, and another vendor’s branch (404, nothing changed)', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const customer = await signUpUser(context.app);
    const other = await vendorOwner(context.app, db());
    const branch = (await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf('Mine'))).json();

    expect((await callAs(context.app, staff.cookie, 'POST', BRANCHES, branchOf())).statusCode).toBe(403);
    expect((await callAs(context.app, staff.cookie, 'POST', `${BRANCHES}/${branch.id}/archive`)).statusCode).toBe(403);
    expect((await callAs(context.app, customer.cookie, 'GET', BRANCHES)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: BRANCHES })).statusCode).toBe(401);

    for (const [method, url, body] of [
      ['PUT', `${BRANCHES}/${branch.id}`, branchOf('Taken')],
      ['POST', `${BRANCHES}/${branch.id}/archive`, undefined],
      ['POST', `${BRANCHES}/${branch.id}/resume`, undefined],
    ] as const) {
      const answer = await callAs(context.app, other.owner.cookie, method, url, body);
      expect(answer.statusCode).toBe(404);
    }
    const [row] = await db().select().from(branches).where(eq(branches.id, branch.id));
    expect(row).toMatchObject({ name: 'Mine', archivedAt: null });
    expect((await callAs(context.app, other.owner.cookie, 'GET', BRANCHES)).json().branches).toHaveLength(1);
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ position: { latitude: 51.5, longitude: -0.12 } }, 'position.latitude'],
      [{ position: { latitude: 31.5, longitude: 54.4 } }, 'position.longitude'],
      [{ position: null }, 'position'],
      [{ name: '   ' }, 'name'],
      [{ address: '' }, 'address'],
      [{ city: 'London' }, 'city'],
      [
        { openingHours: { ...defaultOpeningHours(), monday: { open: '10:00', close: '08:00', closed: false } } },
        'openingHours.monday.close',
      ],
    ];
    for (const [overrides, field] of cases) {
      const answer = await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf('Bad', overrides));
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().error.fields), field).toContain(field);
    }
    // Closing after midnight is a normal evening, not a day ending before it starts.
    const late = { ...defaultOpeningHours(), friday: { open: '18:00', close: '02:00', closed: false } };
    expect(
      (await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf('Late', { openingHours: late }))).statusCode,
    ).toBe(201);
    const notAnId = await callAs(context.app, owner.cookie, 'PUT', `${BRANCHES}/not-a-uuid`, branchOf());
    expect(notAnId.statusCode).toBe(400);
    expect(answerNames(await rowsOf(vendor.id))).toEqual(['Gulberg', 'Late']);
  });

  it('holds the plan’s branches, pauses the newest on a downgrade, and resumes only within the plan', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'standard');
    const added = [];
    for (const name of ['Second', 'Third']) {
      const answer = await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf(name));
      expect(answer.statusCode).toBe(201);
      added.push(answer.json());
      context.clock.advance(60_000);
    }
    const refused = await callAs(context.app, owner.cookie, 'POST', BRANCHES, branchOf('Fourth'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'branch_limit_reached', message: branchLimitMessage(3) });
    expect(await rowsOf(vendor.id)).toHaveLength(3);

    // The subscription ends: starter's one branch binds, the others pause and stay.
    const ended = sandboxEvent({
      type: 'canceled',
      vendorId: vendor.id,
      planId: 'standard',
      created: context.clock.now(),
    });
    expect((await postSandboxWebhook(context.app, context.config, ended)).json().outcome).toBe('applied');
    const rows = await db()
      .select({ name: branches.name, status: branches.status })
      .from(branches)
      .where(eq(branches.vendorId, vendor.id));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Gulberg', status: 'active' },
      { name: 'Second', status: 'paused' },
      { name: 'Third', status: 'paused' },
    ]);
    const resume = await callAs(context.app, owner.cookie, 'POST', `${BRANCHES}/${added[0].id}/resume`);
    expect(resume.statusCode).toBe(409);
    expect(resume.json().error.message).toBe(branchLimitMessage(1));

    // Back on Standard, a paused branch comes back.
    await db().update(vendors).set({ subscriptionStatus: 'active' }).where(eq(vendors.id, vendor.id));
    const resumed = await callAs(context.app, owner.cookie, 'POST', `${BRANCHES}/${added[0].id}/resume`);
    expect(resumed.json()).toMatchObject({ name: 'Second', status: 'active' });
    const active = await db()
      .select()
      .from(branches)
      .where(and(eq(branches.vendorId, vendor.id), eq(branches.status, 'active')));
    expect(active).toHaveLength(2);
    expect((await db().select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id))).length).toBe(0);
  });
});

function answerNames(rows: Array<{ name: string }>): string[] {
  return rows.map((row) => row.name).sort();
}
