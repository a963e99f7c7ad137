import { clsx } from 'clsx';
import { useMemo } from 'react';
import { drawQr, type QrStyle } from '@shared/stamps/qr-style';

export interface StyledQrCodeProps {
  value: string;
  /** The vendor's style, as the server decided it from the plan (planQrStyle). */
  style: QrStyle;
  /** Describes the code for screen readers. */
  label: string;
  className?: string;
}

/**
 * A QR code in a plan's style, drawn as SVG from the same layout (drawQr) the printed poster and
 * the decode tests use: the vendor's colours, and from Premium its logo in the kept-clear centre.
 */
export function StyledQrCode({ value, style, label, className }: StyledQrCodeProps) {
  const drawing = useMemo(() => drawQr(value, style), [value, style]);
  const path = useMemo(() => drawing.dark.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join(''), [drawing]);
  const badge = drawing.badge;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      shapeRendering="crispEdges"
      className={clsx('aspect-square w-full rounded-xl', className)}
    >
      <rect width={drawing.size} height={drawing.size} fill={drawing.background} />
      <path d={path} fill={drawing.foreground} />
      {badge && style.badge ? (
        <g>
          <rect
            x={badge.x + 1 / 6}
            y={badge.y + 1 / 6}
            width={badge.size - 1 / 3}
            height={badge.size - 1 / 3}
            fill={drawing.background}
            stroke={drawing.foreground}
            strokeWidth={1 / 3}
            rx={0.6}
          />
          <text
            x={badge.x + badge.size / 2}
            y={badge.y + badge.size / 2}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize={badge.size * 0.62}
          >
            {style.badge.logo}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
