/**
 * A QR code as SVG markup, the one look every code of the portal has (sign-up codes, payment links). The
 * qrcode package loads with the first code drawn, not at start.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
