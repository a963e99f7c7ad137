import { randomUUID } from 'node:crypto';
import { CITIES, type City } from '../../src/shared/places';
import { BENCH_CUSTOMER_COUNT, benchCustomerEmail, benchVendorEmail } from '../bench-accounts';
import { CITY_WEIGHTS, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './catalogue';
import { DAY_MS } from './pakistan-time';
import { WeightedTable, type Random } from './random';
import type { SeedWriters } from './writers';

export interface Person {
  id: string;
  email: string;
  name: string;
  surname: string;
}

/**
 * Customers as columns rather than objects: at 200,000 people this keeps the generator small.
 * Each city's pool lists its customers in index order; low indices are the most active ones.
 */
export interface Customers {
  ids: string[];
  createdAt: Float64Array;
  poolsByCity: Map<City, Int32Array>;
}

export interface PeopleContext {
  random: Random;
  writers: SeedWriters;
  now: number;
  /** The oldest account is this old. */
  historyMs: number;
  /** Better Auth's own hash of the bench password, for the accounts that sign in. */
  passwordHash: string;
}

const cityTable = new WeightedTable(CITY_WEIGHTS);

function phoneNumber(random: Random): string {
  return `+92 3${random.int(0, 4)}${random.int(0, 9)} ${random.int(1_000_000, 9_999_999)}`;
}

function birthDate(random: Random, now: number): string {
  const ageYears = 16 + random.exponential(12);
  return new Date(now - Math.min(ageYears, 70) * 365.25 * DAY_MS).toISOString().slice(0, 10);
}

/** Writes auth_user, users and the default e-mail preferences, as sign-up does, plus a credential account when given. */
async function writePerson(
  context: PeopleContext,
  person: Person,
  details: {
    createdAt: number;
    city: City | null;
    gender: 'male' | 'female';
    withPassword: boolean;
    completeProfile: boolean;
  },
): Promise<void> {
  const { writers, random } = context;
  const created = new Date(details.createdAt);
  const verified = random.chance(0.7);
  await writers.auth_user.write([person.id, person.name, person.surname, person.email, verified, created, created]);
  const profile = details.completeProfile;
  await writers.users.write([
    person.id,
    person.email,
    person.name,
    person.surname,
    verified,
    profile ? phoneNumber(random) : null,
    profile ? details.city : null,
    profile ? birthDate(random, context.now) : null,
    profile ? (random.chance(0.03) ? 'prefer_not_to_say' : details.gender) : null,
    created,
    created,
  ]);
  // Most people keep the defaults of SPEC.md section 9; some bundle, mute or leave.
  const roll = random.next();
  const frequency = roll < 0.05 ? 'daily' : roll < 0.07 ? 'weekly' : roll < 0.09 ? 'never' : 'immediate';
  await writers.email_preferences.write([
    person.id,
    true,
    !random.chance(0.06),
    !random.chance(0.03),
    !random.chance(0.1),
    random.chance(0.05),
    !random.chance(0.08),
    random.chance(0.12),
    true,
    frequency,
    random.chance(0.03),
    created,
    created,
  ]);
  if (details.withPassword) {
    await writers.auth_account.write([
      randomUUID(),
      person.id,
      'credential',
      person.id,
      context.passwordHash,
      created,
      created,
    ]);
  }
}

function randomPerson(
  random: Random,
  gender: 'male' | 'female',
  email: (name: string, surname: string) => string,
): Person {
  const name = random.pick(gender === 'male' ? MALE_NAMES : FEMALE_NAMES);
  const surname = random.pick(SURNAMES);
  return { id: randomUUID(), email: email(name, surname).toLowerCase(), name, surname };
}

export async function generateCustomers(context: PeopleContext, count: number): Promise<Customers> {
  const { random, now, historyMs } = context;
  const ids: string[] = new Array<string>(count);
  const createdAt = new Float64Array(count);
  const byCity = new Map<City, number[]>(CITIES.map((city) => [city, []]));
  for (let index = 0; index < count; index += 1) {
    const bench = index < BENCH_CUSTOMER_COUNT;
    const gender = random.chance(0.55) ? 'male' : 'female';
    const person = randomPerson(random, gender, (name, surname) =>
      bench ? benchCustomerEmail(index + 1) : `${name}.${surname}.${index + 1}@example.com`,
    );
    // The platform grew: more recent sign-ups than old ones. Bench customers are long-standing.
    const ageMs = bench ? historyMs * (0.9 + random.next() * 0.1) : historyMs * Math.pow(random.next(), 1.4);
    const city = cityTable.sample(random);
    ids[index] = person.id;
    createdAt[index] = now - ageMs;
    byCity.get(city)!.push(index);
    await writePerson(context, person, {
      createdAt: now - ageMs,
      city,
      gender,
      withPassword: bench,
      completeProfile: bench || random.chance(0.6),
    });
  }
  return { ids, createdAt, poolsByCity: new Map([...byCity].map(([city, list]) => [city, Int32Array.from(list)])) };
}

/** The owner of vendor number `vendorNumber` (1-based); owners of large vendors are bench accounts. */
export async function generateVendorOwner(
  context: PeopleContext,
  vendorNumber: number,
  benchIndex: number | null,
  createdAt: number,
): Promise<Person> {
  const gender = context.random.chance(0.8) ? 'male' : 'female';
  const person = randomPerson(context.random, gender, (name, surname) =>
    benchIndex !== null ? benchVendorEmail(benchIndex) : `${name}.${surname}.vendor${vendorNumber}@example.com`,
  );
  await writePerson(context, person, {
    createdAt,
    city: null,
    gender,
    withPassword: benchIndex !== null,
    completeProfile: true,
  });
  return person;
}

/** Counter staff of a large vendor. */
export async function generateStaffMember(
  context: PeopleContext,
  vendorNumber: number,
  staffNumber: number,
  createdAt: number,
): Promise<Person> {
  const gender = context.random.chance(0.7) ? 'male' : 'female';
  const person = randomPerson(
    context.random,
    gender,
    (name, surname) => `${name}.${surname}.staff${vendorNumber}-${staffNumber}@example.com`,
  );
  await writePerson(context, person, { createdAt, city: null, gender, withPassword: false, completeProfile: true });
  return person;
}
