import { randomUUID } from 'node:crypto';

const LONG_TEXT = 'x'.repeat(200_000);

/** What each body field is replaced with, one at a time: wrong types, extremes, hostile text. */
export const HOSTILE_FIELD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e15,
  1.5,
  [],
  { nested: 'x' },
  '',
  'NaN',
  '-1',
  '1e15',
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  LONG_TEXT,
  'a\u0000b',
  'broken \uD800 text',
  'مرحبا \u202Eevil\u202C',
  '🌶️👨‍👩‍👧‍👦',
  "$' $& <script>alert(1)</script> '; drop table users; --",
  '0000-01-01T00:00:00Z',
];

export interface HostileBody {
  label: string;
  contentType: string;
  payload: string;
  /** The answer it must get, when only one is right. */
  expectedStatus?: number;
}

/** Whole bodies that are not what any route expects. */
export function hostileBodies(baseline: unknown): HostileBody[] {
  const json = 'application/json';
  const base =
    baseline && typeof baseline === 'object' && !Array.isArray(baseline) ? JSON.stringify(baseline).slice(1, -1) : '';
  const withKey = (key: string) => `{${base}${base ? ',' : ''}"${key}":{"prototype":{"isAdmin":true},"isAdmin":true}}`;
  return [
    { label: 'malformed JSON', contentType: json, payload: '{"a":' },
    { label: 'an empty body', contentType: json, payload: '' },
    { label: 'null', contentType: json, payload: 'null' },
    { label: 'an array', contentType: json, payload: '[]' },
    { label: 'a string', contentType: json, payload: '"text"' },
    { label: 'a number', contentType: json, payload: '1e15' },
    { label: 'a __proto__ key', contentType: json, payload: withKey('__proto__') },
    { label: 'a constructor key', contentType: json, payload: withKey('constructor') },
    { label: 'deep nesting', contentType: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    {
      label: 'a body just over 1 MB',
      contentType: json,
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
      expectedStatus: 413,
    },
    {
      label: 'a 10 MB body',
      contentType: json,
      payload: JSON.stringify({ text: 'x'.repeat(10 * 1024 * 1024) }),
      expectedStatus: 413,
    },
  ];
}

/** Query values, already URL-encoded as a browser or a script might send them. */
export const HOSTILE_QUERY_VALUES = [
  '',
  'x'.repeat(20_000),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%8C%B6%EF%B8%8F',
  '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%E2%80%AE',
  '-1',
  '1e15',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '1.5',
  '0000-01-01',
  '2026-02-30',
  '__proto__',
  '%27%3B%20drop%20table%20users%3B--',
];

/** Path parameter values, already URL-encoded. */
export const HOSTILE_PATH_VALUES = [
  'garbage',
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e15',
  'NaN',
  '%00',
  '%ED%A0%80',
  '%F0%9F%8C%B6',
  '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7',
  'x'.repeat(150),
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
];
