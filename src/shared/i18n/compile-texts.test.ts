import { setupI18n } from '@lingui/core';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { EN_CATALOGUE } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { placeholdersOf } from '@shared/i18n/placeholders';
import { LANGUAGE_LOCALE } from '@shared/i18n/languages';
import { compileNamespace, compileText, formatMessage, type Messages } from './compile-texts';

function linguiWith(locale: 'en' | 'ur', catalogue: Record<string, Record<string, string>>) {
  const messages = Object.assign({}, ...Object.entries(catalogue).map(([ns, texts]) => compileNamespace(ns, texts)));
  return setupI18n({ locale, messages: { [locale]: messages } });
}

describe('compiling a catalogue text', () => {
  it('keeps literal runs and placeholders apart, and a number format', () => {
    expect(compileText('Hi {{name}}, you have {{count, number}} stamps.')).toEqual([
      'Hi ',
      ['name'],
      ', you have ',
      ['count', 'number'],
      ' stamps.',
    ]);
  });

  it('keeps a text without placeholders as a message (never a bare string the runtime would parse)', () => {
    expect(compileText("Don't {panic}: it's 100% #1")).toEqual(["Don't {panic}: it's 100% #1"]);
    expect(compileText('')).toEqual(['']);
  });

  it('joins plural forms under their base key as a choice by count', () => {
    const messages = compileNamespace('vendor', { stamps_one: '{{count}} stamp', stamps_other: '{{count}} stamps' });
    expect(messages['vendor:stamps']).toEqual([
      ['count', 'plural', { one: [['count'], ' stamp'], other: [['count'], ' stamps'] }],
    ]);
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    expect(i18n._('vendor:stamps', { count: 1 })).toBe('1 stamp');
    expect(i18n._('vendor:stamps', { count: 4 })).toBe('4 stamps');
  });
});

describe('writing a compiled message', () => {
  const messages = compileNamespace('vendor', {
    stamps_one: '{{count}} stamp from {{vendor}}',
    stamps_other: '{{count, number}} stamps from {{vendor}}',
    total: 'Total: {{total, number}}',
  });

  it('writes values as given, numbers in digit groups and plural forms by the count', () => {
    const stamps = messages['vendor:stamps'] ?? [];
    expect(formatMessage(stamps, { count: 1, vendor: 'Butt Karahi' }, 'en-PK')).toBe('1 stamp from Butt Karahi');
    expect(formatMessage(stamps, { count: 1200, vendor: 'Butt Karahi' }, 'en-PK')).toBe(
      '1,200 stamps from Butt Karahi',
    );
    expect(formatMessage(stamps, { count: 0, vendor: 'x' }, 'ur-PK')).toBe('0 stamps from x');
  });

  it('writes nothing for a missing value and takes "other" for a count that is not a number', () => {
    expect(formatMessage(messages['vendor:total'] ?? [], {}, 'en-PK')).toBe('Total: ');
    expect(formatMessage(messages['vendor:stamps'] ?? [], { vendor: 'x' }, 'en-PK')).toBe(' stamps from x');
  });

  it('keeps a value that looks like a placeholder or markup as written', () => {
    expect(formatMessage(messages['vendor:stamps'] ?? [], { count: 2, vendor: '{{count}} <b>' }, 'en-PK')).toBe(
      '2 stamps from {{count}} <b>',
    );
  });
});

describe('the compiled catalogues', () => {
  for (const [language, catalogue] of [
    ['en', EN_CATALOGUE],
    ['ur', UR_CATALOGUE],
  ] as const) {
    it(`write every ${language} text as i18next writes it, for one and for many`, async () => {
      const reference = i18next.createInstance();
      await reference.init({
        lng: language,
        resources: { [language]: catalogue },
        initAsync: false,
        keySeparator: false,
        nsSeparator: ':',
        interpolation: { escapeValue: false },
      });
      const lingui = linguiWith(language, catalogue);
      const compiled: Messages = Object.assign(
        {},
        ...Object.entries(catalogue).map(([ns, texts]) => compileNamespace(ns, texts as Record<string, string>)),
      );
      let compared = 0;
      for (const [namespace, texts] of Object.entries(catalogue)) {
        for (const [key, text] of Object.entries(texts as Record<string, string>)) {
          const base = key.replace(/_(one|other)$/, '');
          for (const count of [1, 1234]) {
            const values: Record<string, unknown> = { count };
            for (const name of placeholdersOf(text)) if (name !== 'count') values[name] = `«${name}»`;
            const id = `${namespace}:${base}`;
            const expected = reference.t(id, values);
            expect(lingui._(id, values), id).toBe(expected);
            const message = compiled[id];
            expect(message && formatMessage(message, values, LANGUAGE_LOCALE[language]), id).toBe(expected);
            compared += 1;
          }
        }
      }
      expect(compared).toBeGreaterThan(2000);
    });
  }
});
