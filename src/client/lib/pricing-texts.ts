import pricingTexts from '@shared/i18n/en/pricing';
import { registerCatalogue } from '@client/lib/i18n';

// The pricing page's texts travel in its own chunk: /pricing is not on the first download of /.
registerCatalogue('pricing', pricingTexts);
