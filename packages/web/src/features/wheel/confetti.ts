import { WHEEL_COLOURS } from './wheelGeometry.ts';

/** How long the confetti falls. */
const CONFETTI_MS = 4000;
const PIECES = 160;

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  size: number;
  colour: string;
}

/**
 * Confetti over the whole of `canvas` (a fixed overlay): pieces burst up from the bottom and
 * fall with gravity and drag, then the canvas is cleared. Returns a function that stops it.
 */
export function launchConfetti(canvas: HTMLCanvasElement): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return () => undefined;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const pieces: Piece[] = Array.from({ length: PIECES }, (_, i) => {
    const fromLeft = i % 2 === 0;
    return {
      x: fromLeft ? width * 0.1 : width * 0.9,
      y: height,
      vx: (fromLeft ? 1 : -1) * (2 + Math.random() * 8),
      vy: -(12 + Math.random() * 14),
      angle: Math.random() * Math.PI,
      spin: (Math.random() - 0.5) * 0.4,
      size: 6 + Math.random() * 8,
      colour: WHEEL_COLOURS[i % WHEEL_COLOURS.length]!,
    };
  });
  const started = performance.now();
  let frame = 0;
  let last = started;
  const step = (time: number) => {
    const dt = Math.min(3, (time - last) / 16.7);
    last = time;
    ctx.clearRect(0, 0, width, height);
    const fade = Math.max(0, 1 - (time - started - CONFETTI_MS * 0.7) / (CONFETTI_MS * 0.3));
    ctx.globalAlpha = Math.min(1, fade);
    for (const p of pieces) {
      p.vy += 0.35 * dt;
      p.vx *= 0.99 ** dt;
      p.vy *= 0.99 ** dt;
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      p.angle += p.spin * dt;
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.rotate(p.angle);
      ctx.fillStyle = p.colour;
      ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      ctx.restore();
    }
    if (time - started < CONFETTI_MS) frame = requestAnimationFrame(step);
    else ctx.clearRect(0, 0, width, height);
  };
  frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    ctx.clearRect(0, 0, width, height);
  };
}
