// The app icon, drawn from one description: two upright bars (the brand mark "▮▮", also the favicon) on
// the accent colour. It is written as SVG and rasterised here to PNG (no image library, no download):
// each pixel is the coverage of 4×4 samples against the rounded rectangles, encoded with node:zlib.
import { deflateSync } from "node:zlib";

export const ACCENT = "#3b5bdb";
const BAR = "#ffffff";

/**
 * The shapes on a 512-unit square. `maskable` fills the whole square and keeps the bars inside the
 * centre 80 % (the safe zone a launcher may crop to a circle); the plain icon is a rounded square.
 */
function shapes(maskable) {
  const back = maskable ? { x: 0, y: 0, w: 512, h: 512, r: 0 } : { x: 0, y: 0, w: 512, h: 512, r: 96 };
  const scale = maskable ? 0.7 : 1;
  const bar = (x) => ({ x: 256 + (x - 256) * scale, y: 256 - 176 * scale, w: 112 * scale, h: 352 * scale, r: 24 * scale });
  return [
    { ...back, fill: ACCENT },
    { ...bar(128), fill: BAR },
    { ...bar(272), fill: BAR },
  ];
}

/** The icon as SVG text. */
export function iconSvg(maskable = false) {
  const rects = shapes(maskable)
    .map((s) => `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${s.fill}"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${rects}</svg>\n`;
}

function inside(s, x, y) {
  const dx = Math.max(s.x + s.r - x, 0, x - (s.x + s.w - s.r));
  const dy = Math.max(s.y + s.r - y, 0, y - (s.y + s.h - s.r));
  return x >= s.x && x <= s.x + s.w && y >= s.y && y <= s.y + s.h && dx * dx + dy * dy <= s.r * s.r;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** RGBA pixels of the icon at `size`×`size`: later shapes paint over earlier ones, edges anti-aliased. */
function rasterise(size, maskable) {
  const list = shapes(maskable).map((s) => ({ ...s, rgb: rgb(s.fill) }));
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const sum = [0, 0, 0, 0];
      for (let i = 0; i < n * n; i++) {
        const x = ((col + ((i % n) + 0.5) / n) * 512) / size;
        const y = ((row + (Math.floor(i / n) + 0.5) / n) * 512) / size;
        const top = list.findLast((s) => inside(s, x, y));
        if (!top) continue;
        top.rgb.forEach((c, k) => (sum[k] += c));
        sum[3] += 255;
      }
      const at = (row * size + col) * 4;
      const covered = sum[3] / 255;
      for (let k = 0; k < 3; k++) px[at + k] = covered ? Math.round(sum[k] / covered) : 0;
      px[at + 3] = Math.round(sum[3] / (n * n));
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The icon as a PNG file (8-bit RGBA) of `size`×`size` pixels. */
export function iconPng(size, maskable = false) {
  if (!(Number.isInteger(size) && size >= 16 && size <= 1024)) throw new Error(`icon size ${size} is not 16..1024`);
  const px = rasterise(size, maskable);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) px.copy(raw, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
