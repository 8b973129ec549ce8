import { create } from "qrcode";

/** Blank modules around the code, as the QR standard asks, so a camera finds its edges. */
const QUIET_ZONE = 4;

/**
 * An otpauth:// address as a QR code: inline SVG drawn from the code's
 * modules. The page's CSP allows images from the site only (no data: URLs)
 * and no inline styles, and this needs neither.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const side = modules.size + 2 * QUIET_ZONE;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" className="size-48 bg-white">
      <rect width={side} height={side} fill="white" />
      <path d={path} fill="black" />
    </svg>
  );
}
