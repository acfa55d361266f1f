/**
 * A camera for the scanner page: Chromium plays a video file as its webcam
 * (--use-file-for-fake-video-capture). The file is a YUV4MPEG2 (.y4m) video, the one format
 * Chromium reads there: a header line, then for each frame "FRAME\n" and the raw 4:2:0 planes
 * (Y at full size, U and V at a quarter each; U = V = 128 is grey, so the Y plane is the picture).
 *
 * The video is a list of scenes: a badge's QR code held for a few seconds by a hand that moves a
 * little (each frame a few pixels aside, a little nearer or farther: the scanner must take it
 * once, though it reads it on frame after frame), or an empty scene (the badge taken away). A
 * gate sees one person after another; a test ends on an empty scene long enough to finish
 * before Chromium loops the file back to the start.
 *
 * Why not one still picture: the scanner's decoder (zxing-js) misses some QR codes at some sizes
 * however sharp the picture is (zxing-js/library issue #653); a real camera never films the same
 * picture twice, and neither does this one, so one unlucky size does not lose the badge.
 */
import { writeFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContextOptions, type LaunchOptions, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import QRCode from 'qrcode';

/** Luma of the QR code's dark modules, of the paper and of the empty scene (video range, 16..235). */
const DARK = 16;
const LIGHT = 235;
const EMPTY_SCENE = 150;
/** The hand holding the badge, frame after frame: pixels per module, and offset from the centre. */
const HAND = [
  { scale: 4, dx: 0, dy: 0 },
  { scale: 4, dx: 9, dy: -5 },
  { scale: 3, dx: -11, dy: 6 },
  { scale: 5, dx: 6, dy: 8 },
  { scale: 4, dx: -7, dy: -9 },
  { scale: 3, dx: 12, dy: -3 },
  { scale: 5, dx: -4, dy: 5 },
  { scale: 4, dx: 3, dy: 11 },
] as const;

/** The badge's QR code as the badges are made (apps/api/src/domains/badges/badge-qr.ts): level M, one byte segment. */
export function badgeQr(text: string): { size: number; get(row: number, col: number): number } {
  return QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
}

/** The dark modules of the badge's QR code, as "row,col", in order. */
export function darkModules(text: string): string[] {
  const modules = badgeQr(text);
  const dark: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.push(`${row},${col}`);
  }
  return dark;
}

/** The dark modules an e-badge page draws: its SVG path is one `M{x} {y}h{width}…` run after another. */
export function darkModulesOfPath(path: string): string[] {
  const dark: string[] = [];
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let col = Number(x); col < Number(x) + Number(width); col++) dark.push(`${y},${col}`);
  }
  return dark.sort((a, b) => {
    const [ra, ca] = a.split(',').map(Number);
    const [rb, cb] = b.split(',').map(Number);
    return ra! - rb! || ca! - cb!;
  });
}

/**
 * One frame's Y plane: the QR code of `text`, black on white paper (the paper's margin, far
 * wider than the 4-module quiet zone), `scale` pixels per module, `dx`/`dy` off the centre.
 */
export function qrLumaPlane(
  text: string,
  width: number,
  height: number,
  { scale = 4, dx = 0, dy = 0 } = {},
): Uint8Array {
  const modules = badgeQr(text);
  const size = modules.size;
  const left = Math.floor((width - size * scale) / 2) + dx;
  const top = Math.floor((height - size * scale) / 2) + dy;
  const margin = 6 * scale;
  if (left < margin || top < margin || left + size * scale + margin > width || top + size * scale + margin > height) {
    throw new Error(`a ${size}-module QR code at ${scale} px a module does not fit in ${width}x${height}`);
  }
  const y = new Uint8Array(width * height).fill(LIGHT);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!modules.get(row, col)) continue;
      for (let line = 0; line < scale; line++) {
        const start = (top + row * scale + line) * width + left + col * scale;
        y.fill(DARK, start, start + scale);
      }
    }
  }
  return y;
}

/** The text of the QR code a Y plane shows, as jsQR reads it, or null. */
export function decodeLumaPlane(y: Uint8Array, width: number, height: number): string | null {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    // Video range back to full range, as a browser would show it.
    const v = Math.max(0, Math.min(255, Math.round(((y[i]! - 16) * 255) / 219)));
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

const Y4M_HEADER = /^YUV4MPEG2 W(\d+) H(\d+) F(\d+):(\d+)[^\n]*\n/;

/** A .y4m file's first frame: its size and its Y plane. */
export function firstLumaPlane(video: Uint8Array): { width: number; height: number; y: Uint8Array } {
  const headerText = Buffer.from(video.subarray(0, 100)).toString('latin1');
  const header = Y4M_HEADER.exec(headerText);
  if (!header) throw new Error(`not a YUV4MPEG2 file: ${JSON.stringify(headerText.slice(0, 40))}`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  const frameMark = 'FRAME\n';
  const start = header[0].length;
  if (Buffer.from(video.subarray(start, start + frameMark.length)).toString('latin1') !== frameMark) {
    throw new Error('no FRAME after the YUV4MPEG2 header');
  }
  const y = video.subarray(start + frameMark.length, start + frameMark.length + width * height);
  if (y.length !== width * height) throw new Error('the first frame is cut short');
  return { width, height, y };
}

/** The Y planes of the badge held in front of the camera, one per frame, each checked readable. */
function badgeFrames(text: string, width: number, height: number, count: number): Uint8Array[] {
  const poses = HAND.map((pose) => {
    const y = qrLumaPlane(text, width, height, pose);
    const decoded = decodeLumaPlane(y, width, height);
    if (decoded !== text) {
      throw new Error(
        `the fake camera's frame ${JSON.stringify(pose)} decodes to ${JSON.stringify(decoded)}, not the badge`,
      );
    }
    return y;
  });
  return Array.from({ length: count }, (_, i) => poses[i % poses.length]!);
}

/**
 * One scene of a camera video: a badge held up in front of the camera (`badge`, the QR code's
 * text), or the empty scene when there is none.
 */
export interface CameraScene {
  badge?: string;
  seconds: number;
}

export interface ScenesVideoOptions {
  width?: number;
  height?: number;
  /** Frames per second of the file; Chromium delivers the frames at this pace. */
  fps?: number;
}

const FRAME_MARK = 'FRAME\n';

/** How many frames a scene lasts: a badge at least one, however short. */
const frameCount = (scene: CameraScene, fps: number) =>
  scene.badge === undefined ? Math.round(scene.seconds * fps) : Math.max(1, Math.round(scene.seconds * fps));

/**
 * The .y4m video of scenes one after another: badges held up, each for its scene, with empty
 * scenes between them (a scanner takes a badge once while it stays in view, so the same badge
 * twice needs the empty scene between). Each scene starts with the hand's first pose.
 */
export function scenesVideo(scenes: readonly CameraScene[], options: ScenesVideoOptions = {}): Buffer {
  const { width = 640, height = 480, fps = 1 } = options;
  if (width % 2 || height % 2) throw new Error('4:2:0 needs an even width and height');
  const empty = new Uint8Array(width * height).fill(EMPTY_SCENE);
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const frameMark = Buffer.from(FRAME_MARK, 'latin1');
  const frames: Uint8Array[] = [];
  for (const scene of scenes) {
    const count = frameCount(scene, fps);
    const planes =
      scene.badge === undefined ? Array<Uint8Array>(count).fill(empty) : badgeFrames(scene.badge, width, height, count);
    for (const y of planes) frames.push(frameMark, y, chroma);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, 'latin1');
  return Buffer.concat([header, ...frames]);
}

/** The Y plane of frame `index` (0 first) of a .y4m file. */
export function lumaPlaneAt(video: Uint8Array, index: number): { width: number; height: number; y: Uint8Array } {
  const { width, height } = firstLumaPlane(video);
  const header = Y4M_HEADER.exec(Buffer.from(video.subarray(0, 100)).toString('latin1'))!;
  const frameSize = FRAME_MARK.length + (width * height * 3) / 2;
  const start = header[0].length + index * frameSize;
  if (Buffer.from(video.subarray(start, start + FRAME_MARK.length)).toString('latin1') !== FRAME_MARK) {
    throw new Error(`no frame ${index} in the video`);
  }
  const y = video.subarray(start + FRAME_MARK.length, start + FRAME_MARK.length + width * height);
  if (y.length !== width * height) throw new Error(`frame ${index} is cut short`);
  return { width, height, y };
}

/**
 * Writes the video of `scenes` to `file` after reading back, from the file's bytes, the first
 * frame of every scene: each badge scene must decode to its badge, each empty one to nothing.
 */
export async function writeScenesVideo(
  file: string,
  scenes: readonly CameraScene[],
  options: ScenesVideoOptions = {},
): Promise<void> {
  const video = scenesVideo(scenes, options);
  const fps = options.fps ?? 1;
  let index = 0;
  for (const [n, scene] of scenes.entries()) {
    const count = frameCount(scene, fps);
    if (count === 0) continue;
    const { width, height, y } = lumaPlaneAt(video, index);
    const decoded = decodeLumaPlane(y, width, height);
    if (decoded !== (scene.badge ?? null)) {
      throw new Error(
        `the fake camera's scene ${n} decodes to ${JSON.stringify(decoded)}, not ${JSON.stringify(scene.badge ?? null)}`,
      );
    }
    index += count;
  }
  await writeFile(file, video);
}

/** Chromium's switches that make `file` its only camera and accept the camera prompt. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

/**
 * A Chromium of its own (the video file is a launch switch) with the project's launch options,
 * and a page in a context with the project's context options and the camera allowed.
 */
export async function launchWithCamera(
  file: string,
  launchOptions: LaunchOptions,
  contextOptions: BrowserContextOptions,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...fakeCameraArgs(file)],
  });
  const context = await browser.newContext({ ...contextOptions, permissions: ['camera'] });
  return { browser, page: await context.newPage() };
}
