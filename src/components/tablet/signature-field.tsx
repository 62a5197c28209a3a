'use client';
import SignatureCanvas from 'react-signature-canvas';
import type { useSignaturePad } from './use-signature-pad';

/**
 * The signature box of the tablet's sign-on-glass panel and the hand-over link's phone page: a labelled canvas sized
 * by its frame (useSignaturePad keeps the strokes across rotation), and its error, announced where the finger is.
 */
export function SignatureField({
  signature,
  label,
  error,
  onDrawn,
  attempt,
}: {
  signature: ReturnType<typeof useSignaturePad>;
  label: string;
  /** The message when no signature was drawn, shown under the box; none while the box is fine. */
  error?: string;
  /** After each stroke: the parent clears a "sign first" message as soon as there is ink. */
  onDrawn?: () => void;
  /** Counts the tries: the message after another try with the box still empty is announced again. */
  attempt?: number;
}) {
  const { pad, frame, width, height, keepStrokes } = signature;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <p className="field-label" id="signature-label">
        {label}
      </p>
      <div ref={frame} className="signature-frame">
        {width > 0 ? (
          <SignatureCanvas
            ref={pad}
            penColor="#111"
            clearOnResize={false}
            onEnd={() => {
              keepStrokes();
              onDrawn?.();
            }}
            canvasProps={
              {
                width,
                height,
                className: 'signature-canvas',
                role: 'img',
                'aria-labelledby': 'signature-label',
                'data-testid': 'signature-canvas',
              } as React.CanvasHTMLAttributes<HTMLCanvasElement>
            }
          />
        ) : null}
      </div>
      {error ? (
        <p key={attempt} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
