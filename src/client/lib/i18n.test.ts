import { describe, expect, it } from 'vitest';
import urCommon from '@shared/i18n/ur/common';
import { BRAND } from '@shared/brand';
import {
  applyTextOverrides,
  createCatalogue,
  isNamespaceLoaded,
  loadNamespace,
  namespacesReady,
  registerCatalogue,
  translate,
  translateWith,
} from './i18n';

describe("the browser's catalogue", () => {
  it('writes the entry texts with their values, the brand and the plural form the count asks for', () => {
    expect(translate('common:footer.copyright', { year: 2026 })).toBe(`© 2026 ${BRAND.name}.`);
    expect(translate('landing:stats.cities', { count: 1 })).toBe('City');
    expect(translate('landing:stats.cities', { count: 3 })).toBe('Cities');
  });

  it("counts a vendor's stamps in the singular for one", async () => {
    await import('./vendor-texts');
    expect(translate('vendor:customers.stamps', { count: 1 })).toBe('1 stamp');
    expect(translate('vendor:customers.stamps', { count: 4 })).toBe('4 stamps');
    expect(translate('vendor:topCustomers.stamps', { count: 1 })).toBe('1 stamp');
    expect(translate('vendor:topCards.stamps', { count: 1, stamps: '1' })).toBe('1 stamp');
    expect(translate('vendor:topCards.stamps', { count: 1200, stamps: '1,200' })).toBe('1,200 stamps');
  });

  it('shows a key it does not have as the key', () => {
    expect(translate('common:no.such.key')).toBe('common:no.such.key');
  });

  it('takes a screen namespace registered by its module, once', () => {
    // A namespace of this test's own: the unit workers keep modules from one file to the next, so a
    // real screen's namespace may be registered already by an earlier file.
    registerCatalogue('test-screen', { 'button.copy': 'Copy {{what}}' });
    registerCatalogue('test-screen', { 'button.copy': 'ignored' });
    expect(translate('test-screen:button.copy', { what: 'link' })).toBe('Copy link');
  });

  it("lays an admin's override over one language, and a reset puts the default back", () => {
    applyTextOverrides('en', { 'common:header.language': 'Zabaan' });
    expect(translate('common:header.language')).toBe('Zabaan');
    applyTextOverrides('en', {});
    expect(translate('common:header.language')).toBe('Language');
  });

  it('fetches an Urdu namespace once, and use() can read the wait at once after', async () => {
    expect(isNamespaceLoaded('ur', 'common')).toBe(false);
    const wait = namespacesReady('ur', ['common']);
    expect(namespacesReady('ur', ['common'])).toBe(wait);
    await Promise.all([wait, loadNamespace('ur', 'common')]);
    expect(namespacesReady('ur', ['common'])).toMatchObject({ status: 'fulfilled' });
    const urdu = createCatalogue('ur');
    expect(translateWith(urdu, 'common:header.language')).toBe(urCommon['header.language']);
    // The English catalogue is untouched by the Urdu one.
    expect(translate('common:header.language')).toBe('Language');
  });
});
