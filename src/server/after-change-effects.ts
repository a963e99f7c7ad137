import { installAfterChangeEffects } from './lib/after-change';
import { automationEffects } from './modules/campaigns/automation-events';
import { walletPassEffects } from './modules/wallet/pass-changes';
import { webhookEffects } from './modules/api/webhook-events';

/**
 * Every domain that follows another's changes (lib/after-change.ts), in one list: a stamp, a
 * join, a redemption, a card or vendor edit reaches these without importing them.
 */
export function installDomainEffects(): void {
  installAfterChangeEffects([walletPassEffects, webhookEffects, automationEffects]);
}
