import vendorTexts from '@shared/i18n/en/vendor';
import { registerCatalogue } from '@client/lib/i18n';

// The vendor area's texts (sidebar, counter, cards, customers, profile, billing, analytics, API)
// travel in the vendor screens' chunks: the vendor layout and each vendor screen import this module.
registerCatalogue('vendor', vendorTexts);
