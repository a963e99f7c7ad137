import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import './vendor-texts';
import { createCatalogue } from './i18n';
import { Trans } from './translation';

function drawn(values: Record<string, unknown>): string {
  const text = createElement(Trans, {
    i18nKey: 'vendor:join.invited',
    values,
    components: { strong: createElement('strong') },
  });
  return renderToStaticMarkup(createElement(I18nProvider, { i18n: createCatalogue('en'), children: text }));
}

describe('a text with elements inside it (Trans)', () => {
  it('puts the words inside the named element, with the values filled in', () => {
    expect(drawn({ business: 'Butt Karahi', email: 'ali@example.pk' })).toBe(
      'Butt Karahi invited <strong>ali@example.pk</strong> to issue stamps and confirm rewards as staff.',
    );
  });

  it('writes a value that looks like markup as text, never as an element', () => {
    expect(drawn({ business: '<strong>Evil</strong> & Co', email: 'ali@example.pk' })).toBe(
      '&lt;strong&gt;Evil&lt;/strong&gt; &amp; Co invited <strong>ali@example.pk</strong> to issue stamps and confirm rewards as staff.',
    );
  });
});
