/**
 * Stand-in identification photos for the demo history: a small PNG of an ID card (a silhouette
 * and lines of "text") in a colour of its own, encoded by pngjs. Never shown publicly: the demo
 * photos are stored and served like real ones.
 */
import { PNG } from 'pngjs';
import type { Random } from './seeded-random.js';

const WIDTH = 120;
const HEIGHT = 80;

export function demoIdPhoto(random: Random): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const hue = [150 + Math.floor(random() * 100), 170 + Math.floor(random() * 80), 180 + Math.floor(random() * 70)];
  const skin = [
    [224, 172, 105],
    [198, 134, 66],
    [141, 85, 36],
    [241, 194, 125],
  ][Math.floor(random() * 4)];
  const set = (x: number, y: number, [r, g, b]: number[]) => {
    const i = (y * WIDTH + x) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 255;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const border = x < 2 || y < 2 || x >= WIDTH - 2 || y >= HEIGHT - 2;
      const inPhoto = x >= 8 && x < 48 && y >= 14 && y < 70;
      const head = (x - 28) ** 2 + (y - 34) ** 2 < 100;
      const shoulders = y >= 50 && y < 70 && (x - 28) ** 2 / 400 + (y - 70) ** 2 / 300 < 1;
      const textLine =
        x >= 56 && x < 56 + 40 + ((y * 7) % 20) && [20, 30, 40, 50, 60].some((line) => y >= line && y < line + 4);
      const color = border
        ? [60, 60, 60]
        : head || shoulders
          ? shoulders && !head
            ? [40, 60, 110]
            : skin
          : inPhoto
            ? [235, 235, 235]
            : textLine
              ? [90, 90, 90]
              : y < 10
                ? [hue[0] - 80, hue[1] - 80, hue[2] - 60]
                : hue;
      set(x, y, color);
    }
  }
  return PNG.sync.write(png);
}
