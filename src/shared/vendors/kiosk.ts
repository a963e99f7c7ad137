import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';

/** The counter tablet's PIN: 4 to 6 digits, set by the owner, typed by staff to leave kiosk mode. */
export const KIOSK_PIN_PATTERN = /^\d{4,6}$/;

export const kioskPinSchema = z.object({
  pin: z
    .string(fieldMessage('forms:kioskPin.invalid'))
    .regex(KIOSK_PIN_PATTERN, fieldMessage('forms:kioskPin.invalid')),
});
export type KioskPinInput = z.infer<typeof kioskPinSchema>;

/** Whether the vendor has a kiosk PIN: without one, kiosk mode cannot be entered. */
export const kioskSettingsSchema = z.object({ pinSet: z.boolean() });
export type KioskSettings = z.infer<typeof kioskSettingsSchema>;
