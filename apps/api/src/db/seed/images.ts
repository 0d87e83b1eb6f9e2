import { PNG } from 'pngjs';

/**
 * Draws a restaurant's demo picture: a warm gradient in the restaurant's own hue with a plate and a
 * garnish. Made at seed time, so nothing is fetched from the internet.
 */
export function restaurantImage(hue: number, width = 480, height = 320): Buffer {
  const png = new PNG({ width, height });
  const [cx, cy, r] = [width / 2, height / 2, Math.min(width, height) * 0.34];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      let [h, s, l] = [hue, 0.55, 0.42 + 0.18 * (y / height)];
      if (d < r) [h, s, l] = [hue, 0.08, 0.96 - 0.1 * (d / r)];
      if (d < r * 0.62) [h, s, l] = [(hue + 25) % 360, 0.65, 0.5 + 0.12 * Math.sin((x + y) / 9)];
      if (Math.abs(d - r) < 2.5) [h, s, l] = [hue, 0.2, 0.8];
      const [red, green, blue] = hslToRgb(h, s, l);
      const i = (y * width + x) * 4;
      png.data[i] = red;
      png.data[i + 1] = green;
      png.data[i + 2] = blue;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
