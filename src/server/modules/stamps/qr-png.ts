import { crc32, deflateSync } from 'node:zlib';
import type { QrDrawing } from '@shared/stamps/qr-style';

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)) as [number, number, number];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A QR drawing as a PNG, `scale` pixels a module: the image the poster embeds, and the one the
 * tests decode. The logo badge area is left in the background colour with a thin frame in the
 * code's colour; the poster prints the vendor's initials on it.
 */
export function renderQrPng(drawing: QrDrawing, scale = 12): Buffer {
  const side = drawing.size * scale;
  const dark = new Set(drawing.dark.map(([x, y]) => y * drawing.size + x));
  const [fr, fg, fb] = rgb(drawing.foreground);
  const [br, bg, bb] = rgb(drawing.background);
  const badge = drawing.badge;
  const frame = Math.max(1, Math.round(scale / 3));
  const inFrame = (px: number, py: number) => {
    if (!badge) return false;
    const [left, top, size] = [badge.x * scale, badge.y * scale, badge.size * scale];
    const inside = px >= left && px < left + size && py >= top && py < top + size;
    const inner = px >= left + frame && px < left + size - frame && py >= top + frame && py < top + size - frame;
    return inside && !inner;
  };
  // Each row: filter byte 0, then RGB pixels.
  const raw = Buffer.alloc(side * (side * 3 + 1));
  for (let py = 0; py < side; py += 1) {
    const rowStart = py * (side * 3 + 1);
    for (let px = 0; px < side; px += 1) {
      const module = Math.floor(py / scale) * drawing.size + Math.floor(px / scale);
      const isDark = dark.has(module) || inFrame(px, py);
      const at = rowStart + 1 + px * 3;
      raw[at] = isDark ? fr : br;
      raw[at + 1] = isDark ? fg : bg;
      raw[at + 2] = isDark ? fb : bb;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
