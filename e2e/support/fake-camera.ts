import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { launchChromium } from './browser';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * One Y4M video frame (what Chromium's fake camera plays in a loop) showing `text` as a QR code:
 * black modules on white, centred, with the standard quiet zone; null films a grey wall.
 */
export function qrVideoFrame(text: string | null): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 200);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  if (text === null) return Buffer.concat([header, luma, chroma]);
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((HEIGHT - 40) / (modules + 2 * quiet));
  const side = (modules + 2 * quiet) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && column >= 0 && row < modules && column < modules && qr.modules.get(row, column) === 1;
      luma[(top + y) * WIDTH + left + x] = dark ? 16 : 235;
    }
  }
  return Buffer.concat([header, luma, chroma]);
}

/** A Chromium whose camera (permission granted) films a QR code holding `text` (null: no code). */
export async function launchChromiumFilming(text: string | null): Promise<Browser> {
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'chaska-camera-')), 'qr.y4m');
  writeFileSync(video, qrVideoFrame(text));
  return launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}
