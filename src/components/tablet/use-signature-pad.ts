'use client';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type SignatureCanvas from 'react-signature-canvas';

type Strokes = ReturnType<SignatureCanvas['toData']>;
type StrokePoint = { x: number; y: number; time: number; color?: string };

/** The strokes at `factor` times their size: the same signature on a pad of another size. */
export function scaleStrokes(strokes: readonly (readonly StrokePoint[])[], factor: number): StrokePoint[][] {
  return strokes.map((stroke) => stroke.map((point) => ({ x: point.x * factor, y: point.y * factor, time: point.time, color: point.color })));
}

/**
 * A signature pad drawn at its frame's real width (a CSS-scaled canvas puts the ink beside the finger) that keeps its
 * strokes: a canvas whose size changes is wiped by the browser, so on rotation or resizing the kept strokes are drawn
 * again, scaled to the new pad (issue 19, item 6). `heightOf` gives the pad's height for a width.
 */
export function useSignaturePad(heightOf: (width: number) => number, remeasureOn: unknown = null) {
  const pad = useRef<SignatureCanvas>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const kept = useRef<{ width: number; height: number; strokes: StrokePoint[][] } | null>(null);

  useEffect(() => {
    const measure = () => setWidth(Math.floor(frame.current?.clientWidth ?? 0));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [remeasureOn]);

  // After every commit: a resized canvas, or a new one (the pad was hidden and shown), gets the kept strokes back.
  useLayoutEffect(() => {
    const signature = kept.current;
    const current = pad.current;
    if (!signature || !current || width === 0) return;
    if (signature.width === width && !current.isEmpty()) return;
    const factor = Math.min(width / signature.width, heightOf(width) / signature.height);
    const strokes = scaleStrokes(signature.strokes, factor);
    // signature_pad reads only x, y, time and color of a point; its Point class adds methods it does not call here.
    current.fromData(strokes as unknown as Strokes);
    kept.current = { width, height: heightOf(width), strokes };
  });

  return {
    pad,
    frame,
    width,
    height: heightOf(width),
    /** Pass as the pad's `onEnd`: keeps the strokes after each one. */
    keepStrokes: () => {
      if (pad.current) kept.current = { width, height: heightOf(width), strokes: scaleStrokes(pad.current.toData(), 1) };
    },
    clear: () => {
      pad.current?.clear();
      kept.current = null;
    },
  };
}
