import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '@client/lib/api-client';
import { useOnlineStatus } from '@client/lib/use-online-status';
import * as stampsApi from '@shared/stamps/contract';
import {
  forgetDevice,
  keepDevice,
  offlineCodesTurnedOff,
  storedDeviceOf,
  thisDeviceName,
} from '@client/features/stamps/device-store';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export const DEVICES_KEY = ['devices'] as const;
const REMOVE_DEVICE_KEY = ['devices', 'remove'] as const;

/** The customer's devices that show offline codes (kept for offline reading like the cards). */
export function useDevices() {
  return useQuery({ queryKey: DEVICES_KEY, queryFn: () => callApi(stampsApi.listDevices) });
}

async function enrolThisDevice(queryClient: QueryClient, userId: string) {
  const enrolled = await callApi(stampsApi.enrolDevice, { body: { name: thisDeviceName(navigator.userAgent) } });
  keepDevice({ userId, deviceId: enrolled.device.id, handle: enrolled.handle, secret: enrolled.secret });
  await refreshAfterWrite(queryClient, { queryKey: DEVICES_KEY });
  return enrolled;
}

export function useEnrolThisDevice(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => enrolThisDevice(queryClient, userId) });
}

/**
 * Removing a device is a write the customer may make without signal: it waits (paused, and kept
 * with the offline copy across a restart) and is sent when the signal returns. Its defaults live
 * on the query client so a kept, paused removal can be resumed after a reload.
 */
export function registerDeviceMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(REMOVE_DEVICE_KEY, {
    mutationFn: (deviceId: string) => callApi(stampsApi.removeDevice, { params: { deviceId } }),
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: DEVICES_KEY }),
  });
}

export function useRemoveDevice(userId: string) {
  const queryClient = useQueryClient();
  registerDeviceMutations(queryClient);
  return useMutation<unknown, Error, string>({
    mutationKey: REMOVE_DEVICE_KEY,
    onMutate: (deviceId) => {
      // Its codes stop working on the server; here, stop showing them at once.
      if (storedDeviceOf(userId)?.deviceId === deviceId) forgetDevice(userId, { turnOff: true });
      queryClient.setQueryData<{ devices: Array<{ id: string }> }>(DEVICES_KEY, (list) =>
        list ? { devices: list.devices.filter((device) => device.id !== deviceId) } : list,
      );
    },
  });
}

/**
 * While online, makes sure this browser holds a device of the signed-in customer, so My QR works
 * at the counter without signal later. A device removed elsewhere is enrolled anew; one the
 * customer turned off here is left off.
 */
export function useEnsureDeviceEnrolled(userId: string) {
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const devices = useDevices();
  const attempted = useRef(false);
  useEffect(() => {
    // Only the server's own list says a device is gone: a kept copy may predate the enrolment, and
    // a refetch that failed (no signal, a moment of "online" at the counter) leaves that copy in
    // place while counting as fetched after mount.
    if (!online || attempted.current || !devices.data || devices.isFetching || !devices.isFetchedAfterMount) return;
    if (devices.isError) return;
    if (offlineCodesTurnedOff(userId)) return;
    const stored = storedDeviceOf(userId);
    if (stored && devices.data.devices.some((device) => device.id === stored.deviceId)) return;
    if (stored) forgetDevice(userId, { turnOff: false });
    attempted.current = true;
    void enrolThisDevice(queryClient, userId).catch(() => {
      // Enrolment failed (limit reached, signal lost): My QR keeps using server codes.
    });
  }, [online, devices.data, devices.isFetching, devices.isFetchedAfterMount, devices.isError, queryClient, userId]);
}
