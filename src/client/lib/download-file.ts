import { useState } from 'react';
import type { ApiErrorBody } from '@shared/api-error';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** A file (a picture, an export) fetched with the session cookie, as a Blob. */
export async function fetchFile(path: string): Promise<Blob> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok)
    throw new ApiError({ status: response.status, code: 'download_failed', message: response.statusText });
  return response.blob();
}

/**
 * Fetches an export (CSV, PDF, JSON) with the session cookie and hands it to the browser as a
 * download, so a refusal (plan level, owner only) shows as a message instead of a JSON page.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: 'network', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError({
      status: response.status,
      code: body?.error?.code ?? 'download_failed',
      message: body?.error?.message ?? 'The download failed. Please try again.',
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A download a button starts: busy while it runs, then why it failed (`describeFailure`'s sentence
 * for the error) until the next try.
 */
export function useDownload(describeFailure: (error: unknown) => string) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function start(path: string, fallbackName: string) {
    setState({ busy: true, error: null });
    try {
      await downloadFile(path, fallbackName);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: describeFailure(error) });
    }
  }
  return { ...state, start };
}
