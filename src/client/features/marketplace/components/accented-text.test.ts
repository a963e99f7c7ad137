import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccentedText } from './accented-text';

function drawn(text: string): string {
  return renderToStaticMarkup(
    createElement(AccentedText, { text, accent: (part: string) => createElement('em', null, part) }),
  );
}

describe('AccentedText', () => {
  it('draws the accented part with the given element and the rest as text', () => {
    expect(drawn('Collect stamps at the places you <accent>love</accent>.')).toBe(
      'Collect stamps at the places you <em>love</em>.',
    );
  });

  it('draws every accented part, at the start and the end too', () => {
    expect(drawn('<accent>Chai</accent> and <accent>biryani</accent>')).toBe('<em>Chai</em> and <em>biryani</em>');
  });

  it('shows a text without the tag as it is', () => {
    expect(drawn('Biryani, chai and a stamp on every visit.')).toBe('Biryani, chai and a stamp on every visit.');
  });

  it('shows an unclosed or unknown tag as written, escaped', () => {
    expect(drawn('A <accent>stamp and <b>more</b>')).toBe('A &lt;accent&gt;stamp and &lt;b&gt;more&lt;/b&gt;');
  });

  it('keeps Urdu text around the accent in order', () => {
    expect(drawn('اپنی <accent>پسندیدہ</accent> جگہوں پر')).toBe('اپنی <em>پسندیدہ</em> جگہوں پر');
  });
});
