import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { segmentColour } from './wheelGeometry.ts';

/** A label cut to `max` pixels wide with an ellipsis. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Draws the wheel: segments, labels, hub and the pointer at the right. */
function drawWheel(
  canvas: HTMLCanvasElement,
  size: number,
  names: readonly string[],
  rotation: number,
  highlight: number | null,
) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size * ratio)) {
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const c = size / 2;
  const r = c - 24;
  const count = names.length;
  if (count === 0) {
    ctx.fillStyle = '#e0e0e0';
    ctx.beginPath();
    ctx.arc(c, c, r, 0, 2 * Math.PI);
    ctx.fill();
  }
  const seg = (2 * Math.PI) / Math.max(1, count);
  const fontPx = Math.max(9, Math.min(28, Math.floor(r * seg * 0.55), Math.floor(r / 9)));
  names.forEach((name, i) => {
    const a0 = rotation + i * seg;
    ctx.beginPath();
    ctx.moveTo(c, c);
    ctx.arc(c, c, r, a0, a0 + seg);
    ctx.closePath();
    ctx.fillStyle = i === highlight ? '#ffffff' : segmentColour(i, count);
    ctx.fill();
    if (count <= 60) {
      ctx.strokeStyle = 'rgba(255,255,255,0.7)';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    // Labels only where a line of text fits in the segment.
    if (r * seg < 8) return;
    ctx.save();
    ctx.translate(c, c);
    ctx.rotate(a0 + seg / 2);
    ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = i === highlight ? '#000000' : '#ffffff';
    ctx.shadowColor = i === highlight ? 'transparent' : 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = 3;
    ctx.fillText(fit(ctx, name, r * 0.72), r - 12, 0);
    ctx.restore();
  });
  // The hub.
  ctx.beginPath();
  ctx.arc(c, c, Math.max(14, r * 0.1), 0, 2 * Math.PI);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#424242';
  ctx.stroke();
  // The pointer at the right, pointing in.
  ctx.beginPath();
  ctx.moveTo(c + r - 10, c);
  ctx.lineTo(size - 2, c - 16);
  ctx.lineTo(size - 2, c + 16);
  ctx.closePath();
  ctx.fillStyle = '#212121';
  ctx.fill();
}

/**
 * The wheel drawn on a canvas of `size` CSS pixels at `rotation` radians; `highlight` paints the
 * winner's segment white (the pulse of animateWinner). A click spins when `onSpin` is given.
 */
export function WheelCanvas({
  names,
  rotation,
  size,
  highlight,
  onSpin,
  label,
}: {
  names: readonly string[];
  rotation: number;
  size: number;
  highlight: number | null;
  onSpin?: () => void;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current && size > 0) drawWheel(ref.current, size, names, rotation, highlight);
  }, [names, rotation, size, highlight]);
  return (
    <Box
      component="canvas"
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="wheel-canvas"
      data-entries={names.length}
      onClick={onSpin}
      sx={{ width: size, height: size, cursor: onSpin ? 'pointer' : 'default', display: 'block' }}
    />
  );
}
