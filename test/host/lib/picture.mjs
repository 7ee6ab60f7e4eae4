// A picture for the UI test to serve where the image CDN would answer (the browser has no network): a harbour at
// dusk — sky, sun, sea and a quay — drawn pixel by pixel and encoded as a PNG with node:zlib.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** The colour of the scene at (x, y) in a width × height picture. */
function scene(x, y, width, height) {
  const horizon = height * 0.58;
  const sun = { x: width * 0.68, y: horizon - height * 0.1, r: height * 0.13 };
  if (y < horizon) {
    const d = Math.hypot(x - sun.x, y - sun.y);
    if (d < sun.r) return [255, 214, 140];
    const sky = mix([44, 52, 110], [246, 150, 96], y / horizon);
    return d < sun.r * 2.2 ? mix([255, 190, 120], sky, (d - sun.r) / (sun.r * 1.2)) : sky;
  }
  // the quay on the left, with two bollards
  const quayTop = horizon + (height - horizon) * 0.45 - (x / width) * height * 0.2;
  if (x < width * 0.42 && y > quayTop) return x % 24 < 2 || (y - quayTop) % 14 < 2 ? [70, 64, 62] : [120, 104, 96];
  for (const bx of [width * 0.12, width * 0.3]) {
    const top = quayTop - height * 0.07;
    if (Math.abs(x - bx) < 5 && y > top && y < quayTop + 2) return [40, 36, 40];
  }
  // the sea, with the sun's path on it
  const depth = (y - horizon) / (height - horizon);
  const sea = mix([52, 70, 120], [20, 34, 70], depth);
  const glitter = Math.abs(x - sun.x) < sun.r * (0.6 + depth) && Math.sin(y * 1.3) > 0.2;
  return glitter ? mix(sea, [255, 200, 130], 0.75 - depth * 0.4) : sea;
}

export function harbourPicture(width = 300, height = 200) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = scene(x, y, width, height);
      raw.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
