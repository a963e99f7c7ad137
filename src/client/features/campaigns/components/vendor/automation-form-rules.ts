import {
  fillAutomationText,
  type AutomationSetting,
  type AutomationTextValues,
  type SaveAutomationInput,
} from '@shared/campaigns/automations';

/** What the form edits of an automation, as the server stored it (or the catalogue's default). */
export type AutomationDraft = Pick<
  AutomationSetting,
  'enabled' | 'subject' | 'body' | 'bonusStamp' | 'holdOutPercent'
> & {
  winBackDays: string;
};

export function draftOf(setting: AutomationSetting): AutomationDraft {
  return {
    enabled: setting.enabled,
    subject: setting.subject,
    body: setting.body,
    bonusStamp: setting.bonusStamp,
    holdOutPercent: setting.holdOutPercent,
    winBackDays: String(setting.winBackDays),
  };
}

/** The request the form sends: days as a number (the server names the field if it is not one). */
export function requestOf(draft: AutomationDraft): SaveAutomationInput {
  const days = Number(draft.winBackDays);
  return {
    enabled: draft.enabled,
    subject: draft.subject,
    body: draft.body,
    bonusStamp: draft.bonusStamp,
    holdOutPercent: draft.holdOutPercent,
    winBackDays: draft.winBackDays.trim() === '' || !Number.isFinite(days) ? Number.NaN : days,
  };
}

/** The live preview: the text as a customer named `name` would read it from `vendor`. */
export function previewOf(draft: AutomationDraft, values: AutomationTextValues) {
  return { subject: fillAutomationText(draft.subject, values), body: fillAutomationText(draft.body, values) };
}
