/** The otpauth:// address as an SVG QR code in a data: URL, for an <img> with alt text. */
export async function qrDataUrl(text: string): Promise<string> {
  // Only setting up two-step sign-in draws one: an idle server does not load the encoder (decision 015).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
