import { z } from 'zod';

/**
 * Devices enrolled for offline codes (decision 040). A customer's phone keeps a secret and shows
 * My QR from it without the network; the customer sees and removes their devices on My QR.
 */

/** Enough for a family's phones and a tablet; each enrolment is one row of the customer's own. */
export const MAX_DEVICES_PER_USER = 10;
export const DEVICE_NAME_MAX_LENGTH = 60;

export const deviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When staff last read a code of this device; null before its first use. */
  lastUsedAt: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListSchema = z.object({ devices: z.array(deviceSchema) });

export const enrolDeviceRequestSchema = z.object({
  name: z
    .string({ error: 'Please name this device.' })
    .trim()
    .min(1, 'Please name this device.')
    .max(DEVICE_NAME_MAX_LENGTH, `A device name has at most ${DEVICE_NAME_MAX_LENGTH} characters.`),
});

/** What the device keeps: the secret and the handle, shown to it once, at enrolment. */
export const enrolledDeviceSchema = z.object({
  device: deviceSchema,
  handle: z.string(),
  secret: z.string(),
});
export type EnrolledDevice = z.infer<typeof enrolledDeviceSchema>;

export const deviceParamsSchema = z.object({ deviceId: z.uuid({ error: 'Device not found' }) });
