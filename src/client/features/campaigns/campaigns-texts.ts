import campaignsTexts from '@shared/i18n/en/campaigns';
import { registerCatalogue } from '@client/lib/i18n';

// The Campaigns page's texts travel in its own chunk.
registerCatalogue('campaigns', campaignsTexts);
