import QRCode from 'qrcode';

/**
 * Receiving addresses as the deposit screens show them: an SVG QR code in a data URL. Kept for the addresses
 * asked for lately (a bounded cache: the shared form addresses are few, customers' own are many).
 */
export class QrCodes {
  private readonly cache = new Map<string, string>();

  async of(text: string): Promise<string> {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    if (this.cache.size > 100) this.cache.clear();
    this.cache.set(text, url);
    return url;
  }
}
