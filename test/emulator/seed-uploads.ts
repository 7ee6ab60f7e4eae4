// The media area of the "Emulated Bistro": one upload for every upload id its records use (all images:
// the file fields that take them allow images only), plus a PDF menu and a video nobody uses yet.
// Deterministic; uses its own random source so the records' ids stay what they were.
import type { Resource } from '../../src/cma/types.js';
import { Random } from './random.js';
import { ACCOUNT, HOUR, iso, SEED_TIME } from './seed-records.js';
import type { EnvironmentData } from './store.js';
import { mediaArea } from './upload-area.js';

const SITE_ASSETS = 'https://www.datocms-assets.com/84213';
const IMAGE_NAMES = [
  'harbour-at-dawn',
  'wood-oven',
  'fresh-pici',
  'market-tomatoes',
  'octopus-grill',
  'chef-giulia',
  'terrace-evening',
  'focaccia-tray',
  'saffron-risotto',
  'fennel-salad',
  'dining-room',
  'wine-cellar',
];
const FORMATS = [
  { format: 'jpg', mime: 'image/jpeg' },
  { format: 'png', mime: 'image/png' },
  { format: 'webp', mime: 'image/webp' },
] as const;
const SIZES = [
  [1920, 1280],
  [1200, 1200],
  [2400, 1600],
  [800, 800],
  [1600, 900],
] as const;

interface UploadFile {
  basename: string;
  format: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
}

export function seedUploads(env: EnvironmentData, imageIds: readonly string[], locales: readonly string[]): void {
  const rng = new Random(84213);
  const files: [string, UploadFile][] = imageIds.map((id, i) => {
    const { format, mime } = FORMATS[i % FORMATS.length]!;
    const [width, height] = SIZES[i % SIZES.length]!;
    const basename = `${IMAGE_NAMES[i % IMAGE_NAMES.length]}${i < IMAGE_NAMES.length ? '' : `-${Math.floor(i / IMAGE_NAMES.length) + 1}`}`;
    return [id, { basename, format, mime, size: 180_000 + ((i * 97_531) % 2_400_000), width, height, duration: null }];
  });
  files.push([
    rng.id(),
    { basename: 'autumn-menu', format: 'pdf', mime: 'application/pdf', size: 734_003, width: null, height: null, duration: null },
  ]);
  files.push([
    rng.id(),
    { basename: 'kitchen-tour', format: 'mp4', mime: 'video/mp4', size: 48_234_496, width: 1920, height: 1080, duration: 94 },
  ]);
  files.forEach(([id, file], i) => env.uploads.set(id, uploadResource(id, file, i, rng, locales)));
  seedMediaArea(env, rng, files.length);
}

const SMART_TAGS = ['food', 'plate', 'restaurant', 'interior', 'person', 'table'];

/**
 * Collections "Photography" (with "Dishes" inside) and "Documents", the tags in use, smart tags on the images:
 * every third image in "Dishes", the PDF menu in "Documents" with the tag "menu".
 */
function seedMediaArea(env: EnvironmentData, rng: Random, count: number): void {
  const area = mediaArea(env);
  const collection = (label: string, position: number, parent: string | null) => {
    const id = rng.id();
    area.collections.set(id, {
      id,
      type: 'upload_collection',
      attributes: { label, position },
      relationships: { parent: { data: parent === null ? null : { type: 'upload_collection', id: parent } } },
      meta: {},
    });
    return id;
  };
  const photography = collection('Photography', 1, null);
  const dishes = collection('Dishes', 1, photography);
  const documents = collection('Documents', 2, null);
  area.tags.add('bistro');
  area.tags.add('menu');
  [...env.uploads.values()].slice(0, count).forEach((upload, i) => {
    const a = upload.attributes;
    if (a.is_image) {
      a.smart_tags = [SMART_TAGS[i % SMART_TAGS.length]!, SMART_TAGS[(i + 2) % SMART_TAGS.length]!];
      if (i % 3 === 0) upload.relationships.upload_collection = { data: { type: 'upload_collection', id: dishes } };
    } else if (a.format === 'pdf') {
      a.tags = ['menu'];
      upload.relationships.upload_collection = { data: { type: 'upload_collection', id: documents } };
    }
  });
}

/**
 * `count` more uploads (images, a PDF every tenth), for listing at scale: ids, names and dates of their own,
 * deterministic, created one minute apart after the seeded ones.
 */
export function seedManyUploads(env: EnvironmentData, count: number, locales: readonly string[]): void {
  const rng = new Random(6021);
  for (let i = 0; i < count; i++) {
    const pdf = i % 10 === 9;
    const [width, height] = SIZES[i % SIZES.length]!;
    const { format, mime } = pdf ? { format: 'pdf', mime: 'application/pdf' } : FORMATS[i % FORMATS.length]!;
    const file: UploadFile = {
      basename: `${pdf ? 'document' : 'photo'}-${String(i + 1).padStart(5, '0')}`,
      format,
      mime,
      size: 40_000 + ((i * 7919) % 3_000_000),
      width: pdf ? null : width,
      height: pdf ? null : height,
      duration: null,
    };
    const id = rng.id();
    const upload = uploadResource(id, file, 100 + i, rng, locales);
    const created = iso(SEED_TIME + (i + 1) * 60_000);
    Object.assign(upload.attributes, { created_at: created, updated_at: created });
    env.uploads.set(id, upload);
  }
}

function uploadResource(id: string, file: UploadFile, index: number, rng: Random, locales: readonly string[]): Resource<'upload'> {
  const isImage = file.mime.startsWith('image/');
  const filename = `${file.basename}.${file.format}`;
  const path = `/84213/${1709283600 + index * 3600}-${filename}`;
  const created = iso(SEED_TIME - (60 - index) * 24 * HOUR);
  const perLocale = <T>(value: T) => Object.fromEntries(locales.map((l) => [l, value]));
  return {
    id,
    type: 'upload',
    attributes: {
      size: file.size,
      width: file.width,
      height: file.height,
      path,
      basename: file.basename,
      filename,
      url: `${SITE_ASSETS}/${path.split('/').pop()}`,
      format: file.format,
      author: index % 3 === 0 ? 'Giulia Romano' : null,
      copyright: index % 3 === 0 ? '© Emulated Bistro' : null,
      notes: null,
      md5: rng.hex(32),
      duration: file.duration,
      frame_rate: file.duration === null ? null : 30,
      blurhash: isImage ? 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH' : null,
      thumbhash: null,
      mux_playback_id: file.duration === null ? null : rng.hex(24),
      mux_mp4_highest_res: file.duration === null ? null : 'high',
      default_field_metadata: {
        alt: perLocale(isImage ? file.basename.replace(/-/g, ' ') : null),
        title: perLocale(null),
        custom_data: perLocale({}),
        focal_point: null,
        poster_time: null,
      },
      is_image: isImage,
      created_at: created,
      updated_at: created,
      mime_type: file.mime,
      tags: isImage ? ['bistro'] : [],
      smart_tags: [],
      exif_info: {},
      colors: isImage ? [{ red: 196, green: 120, blue: 64, alpha: 255 }] : [],
    },
    relationships: { upload_collection: { data: null }, creator: { data: ACCOUNT } },
    meta: { antivirus: { status: 'clean', checked_at: created, threat_name: null } },
  };
}
