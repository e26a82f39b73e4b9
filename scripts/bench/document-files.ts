// Files for the documents' end-to-end test and bench (issue 17), made when they run rather than
// committed as binaries: a camera-sized JPEG drawn in the browser, and a one-page PDF.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * Draws a 4000 × 3000 (12 MP, a phone camera's) picture of a printed page with sensor-like
 * noise and encodes it as JPEG in the page, which gives about 5 MB: what a phone's camera
 * hands the file input. Seeded, so every run gets the same bytes. Plain JavaScript text,
 * because tsx wraps a function's inner names in a helper the page does not have.
 */
const drawPhoto = `(async () => {
  const width = 4000;
  const height = 3000;
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d');
  let seed = 17;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const paper = g.createLinearGradient(0, 0, width, height);
  paper.addColorStop(0, '#e9e4d8');
  paper.addColorStop(1, '#b8b2a2');
  g.fillStyle = paper;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#222';
  g.font = '64px serif';
  for (let y = 200; y < height - 100; y += 90) {
    g.fillText('Policy schedule SH-17 · Sum insured 5,00,000 · TPA Medi Assist', 150, y);
  }
  const image = g.getImageData(0, 0, width, height);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    const n = (random() - 0.5) * 36;
    d[i] += n;
    d[i + 1] += n;
    d[i + 2] += n;
  }
  g.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
})()`;

/** Taps a button that opens the file picker and picks `file`, as a person would. */
export async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await chooser.setFiles(file);
}

/** A camera photo of about 5 MB (JPEG), drawn by the browser behind `page`. */
export async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate<string>(drawPhoto);
  return Buffer.from(base64, 'base64');
}

/**
 * A valid one-page PDF (A4, one line of Helvetica) with a correct cross-reference table;
 * `paddingBytes` of random data in an unreferenced stream make a scan-sized file.
 */
export function onePagePdf(text: string, paddingBytes = 0): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 24 Tf 72 760 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  if (paddingBytes > 0) {
    const padding = randomBytes(paddingBytes).toString('latin1');
    objects.push(`<< /Length ${paddingBytes} >>\nstream\n${padding}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
